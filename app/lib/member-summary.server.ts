import { roleProblem } from "~models/identity/role-messages";
import type { OrganisationRight } from "~models/identity/roles";
import type { Viewer } from "~models/projects/projects.server";
import { accountSummaryForRequest, type AccountSummary } from "~models/views/account-summary.server";
import { getChatAsker, getUserWithSummary } from "./auth.server";
import { apiMemberOf, findMember, memberOf, type Member } from "./membership.server";

// The workspace's reads through memberOf (issue #40, decision 0079): the member
// with the shell's summary in the session's one round trip, and the rights a
// page checks before it shows or takes a step.

/**
 * The signed-in member and the shell's summary (balance, plan, cart: the
 * organisation's; unread count and latest notifications: the person's), read
 * with the session and the membership in the one statement the shell already
 * makes (models/views/account-summary.server.ts).
 */
export async function memberWithSummary(
  request: Request,
): Promise<{ member: Member; summary: AccountSummary }> {
  const account = await getUserWithSummary(request);
  const member = await memberOf(request);
  return {
    member,
    summary: account?.summary ?? (await accountSummaryForRequest(request, whoseSummary(member))),
  };
}

/** Whose summary a page reads for the member: the organisation's account and the person (notifications). */
export const whoseSummary = (member: Member) => ({ accountId: member.accountId, personId: member.person.id });

/**
 * Who reads and writes a project: the organisation's account (whose projects it
 * sees) and the person who acts (the thread's author, the file's uploader).
 */
export const viewerOf = (member: Member): Viewer => ({
  id: member.accountId,
  role: member.person.role,
  personId: member.person.id,
});

/** The page's refusal for a step the member's role may not take, or null (models/identity/role-messages.ts). */
export const refusalFor = (member: Member, right: OrganisationRight, action?: string): string | null =>
  roleProblem(member.role, right, action);

/** A file or download the member's role may not have: 403 with the reason, as plain text. */
export const refusedResponse = (message: string) =>
  new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The API caller (token or session) as a member, or null: for a file route that answers its own refusal. */
export async function findApiMember(request: Request): Promise<Member | null> {
  try {
    return await apiMemberOf(request);
  } catch (refusal) {
    if (refusal instanceof Response) return null;
    throw refusal;
  }
}

/**
 * Who is chatting (getChatAsker) with the organisation they act for: the
 * assistant's account answers read the organisation's wallet and projects and
 * speak for the asker's role (models/chat/account.server.ts, decision 0079).
 */
export async function chatAskerOf(request: Request, options: { api?: boolean } = {}) {
  const asker = await getChatAsker(request, options);
  if (!asker || asker.role !== "client") return asker;
  const member = options.api ? await findApiMember(request) : await findMember(request);
  if (!member || member.person.id !== asker.id) return asker;
  return {
    ...asker,
    organisation: { accountId: member.accountId, name: member.organisation.name, role: member.role },
  };
}
