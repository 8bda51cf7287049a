import { createCookie } from "react-router";
import type { ChatAsker } from "~models/chat/assistant.server";
import {
  CHAT_RETENTION_MS,
  newVisitorKey,
  visitorHash,
  visitorHeldByAnother,
} from "~models/chat/conversations.server";

// The chat cookie holds a random visitor key (the database keeps only its
// hash): it keeps a visitor's conversation across requests, with or without
// JavaScript. Like the session cookie it is __Host- and Secure on https only.
const options = { httpOnly: true, sameSite: "lax", path: "/", maxAge: CHAT_RETENTION_MS / 1000 } as const;
const httpCookie = createCookie("ascendra_chat", { ...options, secure: false });
const httpsCookie = createCookie("__Host-ascendra_chat", { ...options, secure: true });
const chatCookie = (request: Request) =>
  new URL(request.url).protocol === "https:" ? httpsCookie : httpCookie;

async function readKey(request: Request): Promise<string | null> {
  const value = await chatCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{43}$/.test(value) ? value : null;
}

/**
 * The cookie's key, unless its conversations hold answers about an account
 * for another sign-in than `asker`'s (the browser's last user closed it
 * without signing out, or someone else signed in): that conversation is not
 * this person's to read, continue or hand off.
 */
async function readOwnKey(request: Request, asker: ChatAsker | null) {
  const key = await readKey(request);
  if (!key) return { key: null, someoneElses: false };
  const owner = asker && { accountId: asker.id, signInHash: asker.signInHash };
  return (await visitorHeldByAnother(visitorHash(key), owner))
    ? { key: null, someoneElses: true }
    : { key, someoneElses: false };
}

/**
 * The visitor's hash, or null when they have never chatted or their cookie's
 * conversation is another sign-in's; then `setCookie` forgets it in this browser.
 */
export async function getChatVisitor(
  request: Request,
  asker: ChatAsker | null,
): Promise<{ visitor: string | null; setCookie: string | null }> {
  const { key, someoneElses } = await readOwnKey(request, asker);
  return {
    visitor: key ? visitorHash(key) : null,
    setCookie: someoneElses ? await forgetChatVisitor(request) : null,
  };
}

/**
 * The visitor's hash, minting a key for a new visitor (or for the next person
 * at a browser whose conversation is another sign-in's), and the Set-Cookie
 * header that (re)starts the cookie's 30 days.
 */
export async function requireChatVisitor(
  request: Request,
  asker: ChatAsker | null,
): Promise<{ visitor: string; setCookie: string }> {
  const key = (await readOwnKey(request, asker)).key ?? newVisitorKey();
  return { visitor: visitorHash(key), setCookie: await chatCookie(request).serialize(key) };
}

/**
 * The Set-Cookie header that forgets the visitor's conversation in this
 * browser: sent on sign-out, so the next person at the same browser does not
 * see answers about the account that just signed out.
 */
export function forgetChatVisitor(request: Request): Promise<string> {
  return chatCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}
