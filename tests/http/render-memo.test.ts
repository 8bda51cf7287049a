// The render memo (app/lib/render-memo.server.ts, decision 0090): a signed-in page asked for again
// with nothing changed is the same document with a new nonce, and any change to what it shows is
// on the very next request, since the loaders run every time and their data is the memo's key.
import { beforeAll, expect, test } from "vitest";
import { bearer, client, type Identity } from "./identities";

let a: Identity;
let b: Identity;

beforeAll(async () => {
  [a, b] = await Promise.all([client("memo-a"), client("memo-b")]);
});

/** A page's body with its CSP nonce written as NONCE, and the nonce. */
async function page(who: Identity, path: string) {
  const response = await who.visitor.get(path);
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const body = await response.text();
  return { nonce: nonce!, body: body.split(nonce!).join("NONCE"), raw: body };
}

test("the same page again: the same document under a new nonce, and another client's is their own", async () => {
  const first = await page(a, "/dashboard2");
  const again = await page(a, "/dashboard2");
  expect(again.body).toBe(first.body);
  expect(again.nonce).not.toBe(first.nonce);
  expect(again.raw).not.toContain(first.nonce);
  expect(again.raw).toContain(`nonce="${again.nonce}"`);

  const other = await page(b, "/dashboard2");
  expect(other.body).toContain(b.username!);
  expect(other.body).not.toContain(a.username!);
});

test("a change to what the page shows is on the next request", async () => {
  const before = await page(a, "/dashboard2");
  const title = `Memo check ${Date.now().toString(36)}`;
  expect(before.body).not.toContain(title);
  const created = await a.visitor.post(
    "/api/projects/",
    {
      json: {
        title,
        description: "A project made between two views of the dashboard.",
        category: "video",
        budget: "10k_50k",
        timeline: "flexible",
      },
    },
    bearer(a),
  );
  expect(created.status).toBe(201);
  expect((await page(a, "/dashboard2")).body).toContain(title);
});
