import { formatMeetingTime } from "../calendar/meetings";
import { formatMinor } from "../platform/money";
import { expiryDay } from "../billing/wallet";
import { proofPath } from "../projects/proof-links";
import type { ProjectStatus } from "../projects/projects";
import { describeStatus } from "../projects/status-vocabulary";
import { orderWaiting, type Waiting } from "./needs-you";

// The words of Home's "Needs you now" (decision 0056), made by the loader from
// the facts needs-you.server.ts reads, so the page's browser code carries none.

/** A project waiting on the client: delivered work to review, or a brief returned to them. */
type WaitingProject = {
  id: string;
  title: string;
  status: ProjectStatus;
  step: number;
  /** The latest proof version, when there is one. */
  deliverableId: string | null;
  version: number | null;
  /** Since when it waits on the client: the delivery clock's pause, else the last change. */
  since: string;
};

/** A confirmed meeting of the client's within the coming week. */
type WaitingMeeting = {
  id: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
};

/** Money the client owes for a plan to go on. */
type WaitingPayment =
  /** A plan Stripe bills: its latest renewal was declined, and Stripe will try again. */
  | {
      kind: "renewal_failed";
      planId: string;
      planName: string;
      amountMinor: number;
      currency: string;
      at: string;
    }
  /** A plan that ended because its renewal could not be charged, recently, with no plan since. */
  | { kind: "plan_ended"; planId: string; planName: string; at: string };

export type WaitingFacts = {
  projects: WaitingProject[];
  meetings: WaitingMeeting[];
  payments: WaitingPayment[];
};

/** What the account summary already says (no statement of its own). */
type HousekeepingFacts = {
  unread: number;
  cartCount: number;
  expiry: { text: string; expiresAt: Date } | null;
  /** The profile fields still empty, in words ("company name"). */
  missingProfile: string[];
};

const YOUR_MOVE = "Your move";
const BOTH = "You and the studio";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function projectItem(project: WaitingProject): Waiting {
  const words = describeStatus(project.status, project.step);
  const base = { whose: words.whoseMoveLabel, since: project.since };
  if (words.stage === "ready_for_review" && project.deliverableId && project.version !== null)
    return {
      ...base,
      key: `proof-${project.id}`,
      kind: "proof",
      text: `${project.title}, version ${project.version}: ${words.label}. ${words.next}`,
      to: proofPath(project.id, project.deliverableId),
      action: `Review version ${project.version}`,
    };
  return {
    ...base,
    key: `${words.stage === "ready_for_review" ? "proof" : "returned"}-${project.id}`,
    kind: words.stage === "ready_for_review" ? "proof" : "returned",
    text: `${project.title}: ${words.label}. ${words.next}`,
    to: `/project/${project.id}`,
    action: "Open the project",
  };
}

const meetingItem = (meeting: WaitingMeeting): Waiting => ({
  key: `meeting-${meeting.id}`,
  kind: "meeting",
  whose: BOTH,
  text: `${meeting.title}: ${formatMeetingTime(new Date(meeting.startsAt), meeting.timeZone)}, ${meeting.durationMinutes} minutes`,
  to: "/dashboard2/meetings",
  action: "See your meetings",
  dueAt: meeting.startsAt,
});

function paymentItem(payment: WaitingPayment): Waiting {
  if (payment.kind === "renewal_failed")
    return {
      key: `payment-renewal-${payment.planId}`,
      kind: "payment",
      whose: YOUR_MOVE,
      text:
        `We could not take ${formatMinor(payment.amountMinor, payment.currency)} for your ${payment.planName} plan. ` +
        "Update your card so the plan goes on; we will try again.",
      to: "/manageaccount/billing/payment-methods",
      action: "Update your card",
      since: payment.at,
    };
  return {
    key: `payment-plan-ended-${payment.planId}`,
    kind: "payment",
    whose: YOUR_MOVE,
    text: `Your ${payment.planName} plan ended on ${expiryDay(new Date(payment.at))} because its payment failed. Subscribe again to keep its monthly tokens.`,
    to: `/dashboard2/billing/plans/${payment.planId}`,
    action: "Subscribe again",
    since: payment.at,
  };
}

function housekeepingItems(facts: HousekeepingFacts): Waiting[] {
  const items: Waiting[] = [];
  if (facts.expiry)
    items.push({
      key: "token-expiry",
      kind: "tokens",
      whose: YOUR_MOVE,
      text: facts.expiry.text,
      to: "/dashboard2/shop",
      action: "Spend them in the shop",
      dueAt: facts.expiry.expiresAt.toISOString(),
    });
  if (facts.unread)
    items.push({
      key: "unread-notifications",
      kind: "notifications",
      whose: YOUR_MOVE,
      text: plural(facts.unread, "unread notification", "unread notifications"),
      to: "/dashboard2/notifications",
      action: "Read them",
    });
  if (facts.cartCount)
    items.push({
      key: "cart-waiting",
      kind: "cart",
      whose: YOUR_MOVE,
      text: `${plural(facts.cartCount, "item", "items")} in your cart, not checked out yet`,
      to: "/cart",
      action: "Go to cart",
    });
  if (facts.missingProfile.length)
    items.push({
      key: "complete-profile",
      kind: "profile",
      whose: YOUR_MOVE,
      text: `Complete your profile: add your ${facts.missingProfile.join(", ")} so our team knows who they are working with.`,
      to: "/dashboard2/settings",
      action: "Edit profile",
    });
  return items;
}

/** Every item waiting for the client, worded, most urgent first. */
export function waitingItems(facts: WaitingFacts, housekeeping: HousekeepingFacts, now: Date): Waiting[] {
  return orderWaiting(
    [
      ...facts.payments.map(paymentItem),
      ...facts.projects.map(projectItem),
      ...facts.meetings.map(meetingItem),
      ...housekeepingItems(housekeeping),
    ],
    now.getTime(),
  );
}
