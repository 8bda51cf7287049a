import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

// Two PGlite instances on one data dir do not see each other and can corrupt
// it (issue 18, item 8). Every process that opens the embedded database first
// takes this lock: a file beside the data dir holding the owner's pid,
// created atomically, taken over when that pid is no longer alive, and
// removed on close or exit (docs/decisions/0031-data-dir-lock-and-kept-input.md).

/** Refusal to open a data dir another live process holds; its message is for the person who ran the command. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly holder: { pid: number; owner: string },
    readonly lockFile: string,
  ) {
    super(`${holder.owner} is running on this data dir (pid ${holder.pid}): stop it, or use DATABASE_URL.`);
  }
}

type LockContents = { pid: number; owner: string };

// Locks this process holds, so that a second open in the same process is
// refused too, and a lock file naming our own pid that we do not hold (left
// by an earlier process that had the same pid, as after a container restart)
// counts as stale.
const held = new Set<string>();

function readLock(lockFile: string): LockContents | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(lockFile, "utf8"));
    if (parsed && typeof parsed === "object" && Number.isInteger((parsed as LockContents).pid)) {
      const { pid, owner } = parsed as LockContents;
      return { pid, owner: typeof owner === "string" && owner ? owner : "Another process" };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
  }
  // Unreadable or half-written: its writer died between create and write.
  return { pid: 0, owner: "Another process" };
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isStale(lockFile: string, contents: LockContents): boolean {
  if (contents.pid === process.pid) return !held.has(lockFile);
  return !isAlive(contents.pid);
}

/**
 * Takes the lock at `lockFile` for this process, or throws DataDirLockedError
 * naming the live holder. Returns the release function (also run at exit).
 */
export function lockDataDir(lockFile: string, owner: string): () => void {
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, owner } satisfies LockContents));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const contents = readLock(lockFile);
      if (contents && !isStale(lockFile, contents)) throw new DataDirLockedError(contents, lockFile);
      // Stale: remove it and try the atomic create again. Two processes taking
      // over at once both get here, but only one of them wins the create.
      if (attempt >= 2)
        throw new DataDirLockedError(contents ?? { pid: 0, owner: "Another process" }, lockFile);
      rmSync(lockFile, { force: true });
    }
  }
  held.add(lockFile);
  const release = () => {
    if (!held.delete(lockFile)) return;
    process.off("exit", release);
    // Only our own lock: never remove one another process took over.
    if (readLock(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
  };
  // Scripts that end with process.exit() never reach close().
  process.on("exit", release);
  return release;
}
