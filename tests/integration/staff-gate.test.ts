import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { staffApiGate, staffApiOf, staffOf, staffPageGate } from "~/lib/staff-gate.server";
import { getRequest } from "./helpers";
import { signedInClient, tokenHeader } from "./project-helpers";

// The one staff gate (docs/decisions/0065): the middleware works out who is
// asking, the handlers read it; with no middleware the accessor checks itself.
// The route-by-route matrix is tests/integration/admin-authorization.test.ts.

type Gate = typeof staffPageGate;
const ok = () => Promise.resolve(new Response("handler ran"));

/** What an accessor throws at someone who is not staff. */
async function refusal(caller: Promise<unknown>): Promise<Response> {
  const thrown = await caller.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error("expected a refusal");
  return thrown;
}

/** Runs a gate as React Router would, with `next` standing in for the handlers. */
async function through(gate: Gate, request: Request, next: () => Promise<Response> = ok) {
  const context = new RouterContextProvider();
  let ran = false;
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "" };
  const response = await gate(args as never, async () => {
    ran = true;
    return next();
  });
  return { response: response as Response, context, ran };
}

describe("the staff gate", () => {
  it("the admin API's gate answers anyone but staff its 404 before a handler runs", async () => {
    const client = await signedInClient("client");
    for (const request of [
      getRequest("/api/admin/inbox/"),
      getRequest("/api/admin/inbox/", { headers: tokenHeader(client) }),
      getRequest("/api/admin/inbox/", { cookie: client.cookie }),
    ]) {
      const { response, ran } = await through(staffApiGate, request);
      expect(ran).toBe(false);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found." });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("lets staff through with the API token or the cookie, and the handler reads the caller", async () => {
    const staff = await signedInClient("staff");
    for (const init of [{ headers: tokenHeader(staff) }, { cookie: staff.cookie }]) {
      const request = getRequest("/api/admin/inbox/", init);
      const { response, context, ran } = await through(staffApiGate, request);
      expect(ran).toBe(true);
      expect(await response.text()).toBe("handler ran");
      const caller = await staffApiOf({ request, context });
      expect(caller.user.id).toBe(staff.id);
      expect(caller.actor).toMatchObject({ id: staff.id, role: "staff" });
    }
  });

  it("the page gate records the caller; a page refuses anyone else with the site's 404", async () => {
    const [client, staff] = await Promise.all([signedInClient("client"), signedInClient("staff")]);

    const member = getRequest("/admin", { cookie: staff.cookie });
    const passed = await through(staffPageGate, member);
    expect(passed.ran).toBe(true);
    expect((await staffOf({ request: member, context: passed.context })).user.id).toBe(staff.id);

    for (const request of [getRequest("/admin"), getRequest("/admin", { cookie: client.cookie })]) {
      const { context, ran } = await through(staffPageGate, request);
      // The loaders render the 404 page (root loader, the layout's boundary), so the gate lets them run.
      expect(ran).toBe(true);
      const refused = await refusal(staffOf({ request, context }));
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe("Not Found");
    }
  });

  it("what the gate recorded is what the handler gets: it does not ask again", async () => {
    const staff = await signedInClient("staff");
    // Recorded for a staff session; the same context then read for a request without the cookie.
    const { context } = await through(staffPageGate, getRequest("/admin", { cookie: staff.cookie }));
    const caller = await staffOf({ request: getRequest("/admin"), context });
    expect(caller.user.id).toBe(staff.id);
  });

  it("with no middleware above it, a handler makes the same check itself", async () => {
    const [client, staff] = await Promise.all([signedInClient("client"), signedInClient("staff")]);
    const none = undefined as unknown as RouterContextProvider;
    expect(
      (await staffOf({ request: getRequest("/admin", { cookie: staff.cookie }), context: none })).user.id,
    ).toBe(staff.id);
    expect(
      (
        await staffApiOf({
          request: getRequest("/api/admin/inbox/", { headers: tokenHeader(staff) }),
          context: none,
        })
      ).user.id,
    ).toBe(staff.id);
    const page = await refusal(
      staffOf({ request: getRequest("/admin", { cookie: client.cookie }), context: none }),
    );
    expect(page.status).toBe(404);
    const api = await refusal(
      staffApiOf({
        request: getRequest("/api/admin/inbox/", { headers: tokenHeader(client) }),
        context: none,
      }),
    );
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "Not found." });
  });
});
