// Load test of the anonymous marketing pages against a static baseline that
// serves the very same HTML bytes. Not a test: it prints req/s and p99 for
// both and the ratio. Loopback only, bounded in time, cleans up after itself.
//   npm run bench:pages            (BENCH_SECONDS=5 BENCH_CONNECTIONS=10 by default)
import { ensureBuild, header, load, median, row, startApp, startStatic } from "./bench-lib.js";

const PAGES = ["/", "/services", "/solutions", "/creative-tokens", "/strategy?service=Graphic%20Design"];

ensureBuild();
const app = await startApp();
let baseline;
try {
  // The baseline serves each page exactly as the app sent it once.
  const saved = [];
  for (const page of PAGES) {
    const response = await fetch(app.url + page);
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
    saved.push(["GET", page, "text/html; charset=utf-8", Buffer.from(await response.arrayBuffer())]);
  }
  baseline = await startStatic(saved);

  header();
  const ratios = [];
  for (const page of PAGES) {
    await load(app.url + page, { connections: 2, amount: 200 }); // warm-up, not measured
    ratios.push(row(page, await load(app.url + page), await load(baseline.url + page)));
  }
  console.log(`\nmedian ratio app / static: ${(median(ratios) * 100).toFixed(1)}%`);
} finally {
  baseline?.stop();
  await app.stop();
}
