// The organisation's REST calls over HTTP (issue #40), through the built
// server: the body reader, the key's organisation, owners only, the last owner.
import { expect, test } from "vitest";
import { uniqueName, Visitor } from "./client";
import { bearer, client, confirmEmail, staff } from "./identities";
import { open } from "./journeys";

const json = (body: unknown) => ({ json: body });

test("an owner invites by API, the invitee joins by the link, and is re-roled then removed", async () => {
  const lead = await staff();
  const owner = await client("orgowner");
  const api = owner.visitor;

  // A bad body is a 400 from the one body reader, never a 500; an unconfirmed owner may not invite.
  const notJson = await api.request("/api/organisation/invitations/", {
    method: "POST",
    body: { raw: "{not json", contentType: "application/json" },
    headers: bearer(owner),
  });
  expect(notJson.status).toBe(400);
  expect(await notJson.json()).toHaveProperty("error");
  const unconfirmed = await api.post(
    "/api/organisation/invitations/",
    json({ email: "a@example.com", role: "member" }),
    bearer(owner),
  );
  expect(unconfirmed.status).toBe(403);
  await confirmEmail(owner, lead);

  const invitee = `${uniqueName("teammate")}@example.com`;
  const invalid = await api.post(
    "/api/organisation/invitations/",
    json({ email: "x", role: "ceo" }),
    bearer(owner),
  );
  expect(invalid.status).toBe(400);
  expect(Object.keys((await invalid.json()) as object).sort()).toEqual(["email", "role"]);
  const sent = await api.post(
    "/api/organisation/invitations/",
    json({ email: invitee, role: "approver" }),
    bearer(owner),
  );
  expect(sent.status).toBe(201);
  expect(await sent.json()).toMatchObject({ email: invitee, role: "approver", expires_in_days: 7 });

  // The invitee signs up on the link's page, without JavaScript.
  const outbox = await open(lead.visitor, `/admin/outbox?q=${encodeURIComponent(invitee)}`);
  const [href] = outbox.links(/invited you to/);
  const message = await open(lead.visitor, href!);
  const link = /https?:\/\/\S+\/invitations\/\S+/.exec(message.testIdText("email-text"))?.[0];
  const visitor = new Visitor();
  const username = uniqueName("teammate");
  const joined = await visitor.post(new URL(link!).pathname, {
    form: { username, password: "a-long-passphrase-2026" },
  });
  expect(joined.status).toBe(302);
  const keyed = await visitor.post(
    "/api/auth/login/",
    json({ username, password: "a-long-passphrase-2026" }),
  );
  const { token } = (await keyed.json()) as { token: string };
  const teammate = { label: "teammate", visitor, token };

  // The teammate's key acts in the owner's organisation, as approver: they read it, and cannot manage it.
  const read = await visitor.get("/api/organisation/", bearer(teammate));
  expect(read.status).toBe(200);
  const organisation = (await read.json()) as {
    name: string;
    role: string;
    members: { username: string; role: string }[];
  };
  expect(organisation).toMatchObject({ name: owner.username, role: "approver" });
  expect(organisation.members.map((m) => [m.username, m.role])).toEqual([
    [owner.username, "owner"],
    [username, "approver"],
  ]);
  const member = (name: string) => `/api/organisation/members/${name}/`;
  expect(
    (await visitor.request(member(owner.username!), { method: "DELETE", headers: bearer(teammate) })).status,
  ).toBe(403);

  const demoteLast = await api.request(member(owner.username!), {
    method: "PATCH",
    body: json({ role: "member" }),
    headers: bearer(owner),
  });
  expect(demoteLast.status).toBe(400);
  expect(await demoteLast.json()).toEqual({
    error: "An organisation needs an owner: make someone else an owner first.",
  });
  const rerole = await api.request(member(username), {
    method: "PATCH",
    body: json({ role: "billing" }),
    headers: bearer(owner),
  });
  expect(await rerole.json()).toEqual({ username, role: "billing" });
  const removed = await api.request(member(username), { method: "DELETE", headers: bearer(owner) });
  expect(removed.status).toBe(204);
  // Refused at once: their key for the organisation and their session in it.
  expect((await visitor.get("/api/organisation/", bearer(teammate))).status).toBe(401);
  const page = await visitor.get("/dashboard2/team");
  expect(page.status).toBe(302);
  expect(page.headers.get("Location")).toMatch(/^\/login\?/);
});
