import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES as M } from "~models/identity/accounts";
import { revokeApiTokens } from "~models/identity/api-tokens.server";
import { RATE_LIMITS } from "~models/platform/rate-limit.server";
import { apiTokens } from "~models/schema";
import { db } from "~models/platform/db.server";
import * as apiLogin from "~/routes/api/auth-login";
import * as apiSignup from "~/routes/api/auth-signup";
import * as apiProfile from "~/routes/api/profile";
import * as login from "~/routes/auth/login";
import { call, cookieFrom, formRequest, getRequest, jsonRequest } from "./helpers";

let n = 0;
async function signUpViaApi() {
  const username = `api${Date.now().toString(36)}${n++}`;
  const outcome = await call(
    apiSignup.action,
    jsonRequest("/api/auth/signup/", "POST", {
      username,
      email: `${username}@example.com`,
      password: "secret12",
    }),
  );
  expect(outcome.status).toBe(201);
  return { username, ...(outcome.body as { token: string; user: Record<string, unknown> }) };
}

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

describe("POST /api/auth/signup/", () => {
  it("returns a token and the user", async () => {
    const { token, user, username } = await signUpViaApi();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(user).toEqual({
      id: expect.any(String),
      username,
      email: `${username}@example.com`,
      first_name: "",
      last_name: "",
    });
  });

  it("answers validation errors as per-field arrays", async () => {
    const outcome = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", { username: "", email: "x", password: "1" }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({
      username: [M.usernameRequired],
      email: [M.emailInvalid],
      password: [M.passwordTooShort],
    });
  });

  it("refuses one of the most common passwords as a field error", async () => {
    const username = `common${Date.now().toString(36)}`;
    const outcome = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", {
        username,
        email: `${username}@example.com`,
        password: "password",
      }),
    );
    expect(outcome).toMatchObject({ status: 400, body: { password: [M.passwordTooCommon] } });
  });

  it("answers a taken username as a field error", async () => {
    const { username } = await signUpViaApi();
    const outcome = await call(
      apiSignup.action,
      jsonRequest("/api/auth/signup/", "POST", {
        username,
        email: "another@example.com",
        password: "secret12",
      }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({ username: [M.usernameTaken] });
  });

  it("rejects a body that is not a JSON object", async () => {
    const request = new Request("http://127.0.0.1/api/auth/signup/", {
      method: "POST",
      body: "[1,2",
      headers: { "Content-Type": "application/json" },
    });
    const outcome = await call(apiSignup.action, request);
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({ error: "The request body must be a JSON object." });
  });
});

describe("POST /api/auth/login/", () => {
  it("returns a fresh token for a username or email", async () => {
    const { username, token: first } = await signUpViaApi();
    const outcome = await call(
      apiLogin.action,
      jsonRequest("/api/auth/login/", "POST", { username: `${username}@example.com`, password: "secret12" }),
    );
    expect(outcome.status).toBe(200);
    const body = outcome.body as { token: string; user: { username: string } };
    expect(body.user.username).toBe(username);
    expect(body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(body.token).not.toBe(first);
  });

  it("answers 401 with the same error for an unknown user and a wrong password", async () => {
    const { username } = await signUpViaApi();
    const wrong = await call(
      apiLogin.action,
      jsonRequest("/api/auth/login/", "POST", { username, password: "wrong-pass" }),
    );
    const unknown = await call(
      apiLogin.action,
      jsonRequest("/api/auth/login/", "POST", { username: "ghost-user", password: "wrong-pass" }),
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: M.invalidCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { error: M.invalidCredentials } });
  });

  it("answers 429 after too many failures", async () => {
    const { username } = await signUpViaApi();
    const attempt = () =>
      call(
        apiLogin.action,
        jsonRequest(
          "/api/auth/login/",
          "POST",
          { username, password: "wrong-pass" },
          { ip: "198.51.100.61" },
        ),
      );
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect((blocked.body as { error: string }).error).toMatch(/^Too many attempts/);
  });

  it("locks an account after 20 wrong passwords from 20 addresses, and answers an unknown name the same way", async () => {
    const { username } = await signUpViaApi();
    const attempt = (name: string, i: number, password = "wrong-pass") =>
      call(
        apiLogin.action,
        jsonRequest("/api/auth/login/", "POST", { username: name, password }, { ip: `198.18.${n}.${i + 1}` }),
      );
    const run = async (name: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await attempt(name, i)).status);
      return statuses;
    };
    const known = await run(username);
    const unknown = await run(`ghost${Date.now().toString(36)}`);
    const expected = [
      ...Array(RATE_LIMITS.loginAccount.limit).fill(401),
      ...Array(20 - RATE_LIMITS.loginAccount.limit).fill(429),
    ];
    expect(known).toEqual(expected);
    expect(unknown).toEqual(expected);
    // Even the right password, from yet another address, waits out the lockout.
    const right = await attempt(username, 99, "secret12");
    expect(right).toMatchObject({ status: 429, body: { error: M.tooManyAttempts(15) } });
    expect(right.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("refuses GET", async () => {
    expect((await call(apiLogin.loader, getRequest("/api/auth/login/"))).status).toBe(405);
  });
});

describe("/api/profile/", () => {
  it("needs credentials: 401 without, or with a bad token", async () => {
    expect(await call(apiProfile.loader, getRequest("/api/profile/"))).toMatchObject({
      status: 401,
      body: { error: "Authentication credentials were not provided." },
    });
    expect(await call(apiProfile.loader, getRequest("/api/profile/", auth("0".repeat(40))))).toMatchObject({
      status: 401,
      body: { error: "Invalid token." },
    });
    expect(await call(apiProfile.loader, getRequest("/api/profile/", auth("not a token")))).toMatchObject({
      status: 401,
    });
  });

  it("returns the spec's shape with a token", async () => {
    const { token, username } = await signUpViaApi();
    const outcome = await call(apiProfile.loader, getRequest("/api/profile/", auth(token)));
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({
      user: { first_name: "", last_name: "", username, email: `${username}@example.com` },
      profile: {
        contact: "",
        country_code: "IN",
        current_plan: "free",
        creative_tokens: 0,
        company_name: "",
        company_email: "",
        company_website: "",
        avatar: null,
      },
    });
  });

  it("accepts the session cookie too", async () => {
    const { username } = await signUpViaApi();
    const signedIn = await call(login.action, formRequest("/login", { username, password: "secret12" }));
    const outcome = await call(
      apiProfile.loader,
      getRequest("/api/profile/", { cookie: cookieFrom(signedIn) }),
    );
    expect(outcome.status).toBe(200);
  });

  it("updates only the fields sent, and validates email and website", async () => {
    const { token } = await signUpViaApi();
    const bad = await call(
      apiProfile.action,
      jsonRequest(
        "/api/profile/",
        "PUT",
        { company_email: "nope", company_website: "ftp://x.y" },
        auth(token),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ company_email: [M.companyEmailInvalid], company_website: [M.websiteInvalid] });

    await call(
      apiProfile.action,
      jsonRequest(
        "/api/profile/",
        "PUT",
        { company_name: "Acme Studio", contact: "+91 98200 00000", country_code: "SG" },
        auth(token),
      ),
    );
    const updated = await call(
      apiProfile.action,
      jsonRequest(
        "/api/profile/",
        "PUT",
        { company_website: "https://acme.in", first_name: "Maya" },
        auth(token),
      ),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      user: { first_name: "Maya" },
      profile: {
        company_name: "Acme Studio",
        contact: "+91 98200 00000",
        country_code: "SG",
        company_website: "https://acme.in",
      },
    });
    // The original screen sent an empty object: that changes nothing.
    const empty = await call(apiProfile.action, jsonRequest("/api/profile/", "PUT", {}, auth(token)));
    expect(empty.body).toEqual(updated.body);
  });

  it("stops accepting a revoked token", async () => {
    const { token, user } = await signUpViaApi();
    expect((await call(apiProfile.loader, getRequest("/api/profile/", auth(token)))).status).toBe(200);
    await revokeApiTokens(user.id as string);
    expect((await call(apiProfile.loader, getRequest("/api/profile/", auth(token)))).status).toBe(401);
  });

  it("stores only hashes of API keys", async () => {
    const { token } = await signUpViaApi();
    const rows = await db().select({ keyHash: apiTokens.keyHash }).from(apiTokens);
    expect(rows.some((row) => row.keyHash === token)).toBe(false);
  });
});
