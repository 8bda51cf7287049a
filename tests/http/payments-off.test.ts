// A production start with no payment gateway and without PAYMENTS=test
// (docs/decisions/0036): the server starts, the payment pages say payments are
// not set up, and no order is fulfilled, the bare API call included.
import { afterAll, beforeAll, expect, test } from "vitest";
import { uniqueName, Visitor } from "./client";
import { startServer, type RunningServer } from "./server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({});
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

async function signedUp(visitor: Visitor) {
  const username = uniqueName("nopay");
  const password = "secret12";
  const signup = await visitor.post("/api/auth/signup/", {
    json: { username, email: `${username}@example.com`, password },
  });
  expect(signup.status).toBe(201);
  const login = await visitor.post("/api/auth/login/", { json: { username, password } });
  const { token } = (await login.json()) as { token: string };
  const page = await visitor.post("/login", { form: { username, password } });
  await page.arrayBuffer();
  return { Authorization: `Token ${token}` };
}

test("the server starts and says payments are off; the API fulfils nothing", async () => {
  expect(server.output()).toContain("Payments are not set up");
  const visitor = new Visitor(server.baseURL);
  const auth = await signedUp(visitor);

  const bought = await visitor.post("/api/purchase-tokens/", { json: { package_id: "essential" } }, auth);
  expect(bought.status).toBe(503);
  expect(await bought.json()).toEqual({ error: expect.stringContaining("Payments are not set up") });
  const history = await visitor.get("/api/token-history/", auth);
  expect(await history.json()).toEqual([]);

  for (const path of ["/dashboard2/billing/tokens", "/dashboard2/billing/plans/social", "/gift"]) {
    const page = await visitor.get(path);
    expect(page.status, path).toBe(200);
    const html = await page.text();
    expect(html, path).toContain("Payments are not set up yet");
    expect(html, path).not.toContain('name="card_number"');
  }
});
