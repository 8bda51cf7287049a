// Load test of four kinds of request, each beside a static server answering
// with the same bytes in the same run: an anonymous marketing page, a
// signed-in dashboard page, a form POST as a browser without JavaScript sends
// it, and an API read. Prints req/s, p50, p99 and the ratio. Not a test;
// loopback only, bounded in time.
//   npm run bench:http             (BENCH_SECONDS=5 BENCH_CONNECTIONS=10 by default)
//   npm run bench:http:pg          the same on a throwaway PostgreSQL server
import { ensureBuild, header, load, median, row, startApp, startStatic } from "./bench-lib.js";

ensureBuild();
const app = await startApp();
console.log(
  `Database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite"}`,
);
let baseline;
try {
  // A client to act as: a session cookie for pages, a token for the API.
  const username = `bench${Date.now().toString(36)}`;
  const password = "secret12";
  const signup = await fetch(`${app.url}/api/auth/signup/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const { token } = await signup.json();
  const login = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error("form sign-in set no cookie");

  // A signed-in form post as a browser without JavaScript sends it (public forms are rate-limited per
  // address, so a load test of one would measure the 429 answer).
  const form = new URLSearchParams({
    intent: "read-all",
    redirectTo: "/dashboard2/notifications",
  }).toString();
  const targets = [
    { label: "GET /services (anonymous, cached)", method: "GET", path: "/services", headers: {} },
    { label: "GET /dashboard2 (signed in)", method: "GET", path: "/dashboard2", headers: { cookie } },
    {
      label: "POST /dashboard2/notifications (no JS)",
      method: "POST",
      path: "/dashboard2/notifications",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    },
    {
      label: "GET /api/projects/ (token)",
      method: "GET",
      path: "/api/projects/",
      headers: { authorization: `Token ${token}` },
    },
  ];

  // The baseline answers each request with the bytes the app answered once.
  const saved = [];
  for (const t of targets) {
    const response = await fetch(app.url + t.path, {
      method: t.method,
      headers: t.headers,
      body: t.body,
      redirect: "manual",
    });
    if (response.status >= 400) throw new Error(`${t.method} ${t.path} answered ${response.status}`);
    t.status = response.status;
    saved.push([
      t.method,
      t.path,
      response.headers.get("content-type") ?? "text/plain",
      Buffer.from(await response.arrayBuffer()),
    ]);
  }
  baseline = await startStatic(saved);

  header();
  const ratios = [];
  for (const t of targets) {
    const options = { method: t.method, headers: t.headers, body: t.body };
    await load(app.url + t.path, { ...options, connections: 2, amount: 100 }); // warm-up
    const measured = await load(app.url + t.path, options);
    // A redirect (the form's 303 without JS) is the app's answer, not an error.
    if (t.status >= 300) measured.non2xx = 0;
    ratios.push(row(t.label, measured, await load(baseline.url + t.path, options)));
  }
  console.log(`\nmedian ratio app / static: ${(median(ratios) * 100).toFixed(1)}%`);
} finally {
  baseline?.stop();
  await app.stop();
}
