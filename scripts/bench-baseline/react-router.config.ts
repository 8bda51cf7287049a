import type { Config } from "@react-router/dev/config";

// Stock framework mode, server rendering; built into the directory the benchmark names.
export default {
  ssr: true,
  buildDirectory: process.env.BENCH_BASELINE_OUT ?? "build",
} satisfies Config;
