import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// What the process holds in array buffers after a full collection. Buffers a
// reader has let go of still count in `process.memoryUsage().arrayBuffers`
// until the collector runs, and when it runs depends on the rest of the
// worker's heap, so a limit on the raw figure fails at random.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

export function heldArrayBuffers(): number {
  collect();
  return process.memoryUsage().arrayBuffers;
}
