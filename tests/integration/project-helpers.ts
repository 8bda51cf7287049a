import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createAccount, setRole } from "~models/identity/accounts.server";
import { createApiToken } from "~models/identity/api-tokens.server";
import { createProject, UNLIMITED } from "~models/projects/projects.server";
import * as login from "~/routes/auth/login";
import { call, cookieFrom, formRequest } from "./helpers";

// Helpers for the dashboard's tests: signed-in clients (cookie and API key),
// multipart requests, files with the right (or wrong) first bytes, and a
// throwaway DATA_DIR for uploads.

const ORIGIN = "http://127.0.0.1:3000";
let counter = 0;

export type Client = {
  id: string;
  username: string;
  email: string;
  role: "client" | "staff";
  firstName: string;
  lastName: string;
  cookie: string;
  token: string;
};

/**
 * A new account, signed in through the login page (cookie) and the API
 * (token). Its address counts as confirmed, as an established client's is,
 * unless a test about confirming it says otherwise (decision 0053).
 */
export async function signedInClient(
  role: "client" | "staff" = "client",
  { emailVerified = true }: { emailVerified?: boolean } = {},
): Promise<Client> {
  const username = `c${Date.now().toString(36)}${counter++}`;
  const created = await createAccount({
    username,
    email: `${username}@example.com`,
    password: "secret12",
    emailVerified,
  });
  if (!created.ok) throw new Error(created.message);
  if (role === "staff") await setRole(created.user.id, "staff");
  const cookie = cookieFrom(
    await call(login.action, formRequest("/login", { username, password: "secret12" })),
  );
  const token = await createApiToken(created.user.id);
  return { ...created.user, role, cookie, token };
}

export const tokenHeader = (client: Client) => ({ Authorization: `Token ${client.token}` });

/** A multipart POST, as a browser sends a form with encType="multipart/form-data". */
export function multipartRequest(
  url: string,
  fields: Record<string, string | File>,
  init: { cookie?: string; headers?: Record<string, string> } = {},
): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  headers.set("X-Client-Address", "203.0.113.9");
  return new Request(new URL(url, ORIGIN), { method: "POST", body, headers });
}

export const pdfFile = (name = "brief.pdf", size = 64) => {
  const bytes = new Uint8Array(Math.max(size, 8));
  bytes.set(Array.from("%PDF-1.4\n", (c) => c.charCodeAt(0)).slice(0, bytes.length));
  return new File([bytes], name, { type: "application/pdf" });
};

export const validProject = {
  title: "Café rebrand",
  description: "A new identity for the café on the corner.",
  category: "graphic",
  budget: "5k_10k",
  timeline: "2_weeks",
} as const;

/**
 * A project owned by the client, created through the model. Fixtures may give
 * one client many projects: the plan's limit is tested on its own.
 */
export async function projectOf(
  client: { id: string },
  overrides: Partial<Record<keyof typeof validProject, string>> = {},
) {
  const result = await createProject(client, { ...validProject, ...overrides, use_tokens: false } as never, {
    projectLimit: UNLIMITED,
  });
  if (!result.ok) throw new Error(result.message);
  return result.project;
}

/** Uploads go to a temporary DATA_DIR for this file's tests. */
export function withTemporaryDataDir(): { dir: () => string } {
  let dir = "";
  let previous: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "ascendra-uploads-"));
    previous = process.env.DATA_DIR;
    process.env.DATA_DIR = dir;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    await rm(dir, { recursive: true, force: true });
  });
  return { dir: () => dir };
}
