import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Waiting } from "~models/projects/needs-you";
import { waitingItems } from "~models/projects/needs-you-words";
import { NeedsYouNow } from "./needs-you-now";

const render = (items: Waiting[]) => {
  const router = createMemoryRouter([{ path: "*", element: <NeedsYouNow items={items} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

const now = new Date("2026-12-01T09:00:00Z");
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();

/** One of each kind, as the loader makes them. */
const everything = () =>
  waitingItems(
    {
      projects: [
        {
          id: "p-review",
          title: "Café rebrand",
          status: "in_review",
          step: 4,
          deliverableId: "d-2",
          version: 2,
          since: hours(-72),
        },
        {
          id: "p-returned",
          title: "Menu cards",
          status: "draft",
          step: 2,
          deliverableId: null,
          version: null,
          since: hours(-5),
        },
      ],
      meetings: [
        {
          id: "m-later",
          title: "Logo walkthrough",
          startsAt: hours(100),
          durationMinutes: 30,
          timeZone: "Asia/Kolkata",
        },
        {
          id: "m-soon",
          title: "Kick-off call",
          startsAt: hours(3),
          durationMinutes: 45,
          timeZone: "Europe/Berlin",
        },
      ],
      payments: [
        {
          kind: "renewal_failed",
          planId: "growth",
          planName: "Growth",
          amountMinor: 4900,
          currency: "EUR",
          at: hours(-24),
        },
      ],
    },
    {
      unread: 2,
      cartCount: 1,
      expiry: { text: "120 tokens expire on 20 Dec", expiresAt: new Date(hours(19 * 24)) },
      missingProfile: ["website"],
    },
    now,
  );

describe("Home's Needs you now", () => {
  it("lists each waiting thing with whose move it is and the link that deals with it", () => {
    const html = render(everything());
    expect(html).toMatch(/Your move.*Café rebrand, version 2: Ready for your review\./);
    expect(html).toMatch(/href="\/project\/p-review\/proof\/d-2"[^>]*>Review version 2</);
    expect(html).toMatch(
      /Menu cards: Returned to you\..*href="\/project\/p-returned"[^>]*>Open the project</,
    );
    expect(html).toMatch(
      /You and the studio.*Kick-off call: Tuesday 1 December 2026, 13:00 \(Europe\/Berlin\), 45 minutes/,
    );
    expect(html).toMatch(
      /We could not take €49(\.00)? for your Growth plan.*href="\/manageaccount\/billing\/payment-methods"[^>]*>Update your card</,
    );
    expect(html).toMatch(/2 unread notifications.*href="\/dashboard2\/notifications"[^>]*>Read them</);
    expect(html).toMatch(/not checked out yet.*href="\/cart"[^>]*>Go to cart</);
    expect(html).not.toContain("Nothing needs you right now.");
  });

  it("orders by urgency: today's meeting, money, the studio waiting, the week, later, housekeeping", () => {
    const html = render(everything());
    const order = [...html.matchAll(/data-testid="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((id) => id !== "needs-you-now");
    expect(order).toEqual([
      "meeting-m-soon",
      "payment-renewal-growth",
      // The proof has waited 3 days, the returned brief 5 hours: longest waiting first.
      "proof-p-review",
      "returned-p-returned",
      "meeting-m-later",
      "token-expiry",
      "unread-notifications",
      "cart-waiting",
      "complete-profile",
    ]);
  });

  it("puts tokens expiring within a day first, and within a week with the week's meetings", () => {
    const base = { projects: [], meetings: [], payments: [] };
    const house = (at: string) => ({
      unread: 0,
      cartCount: 0,
      expiry: { text: "5 tokens expire on 1 Dec", expiresAt: new Date(at) },
      missingProfile: [],
    });
    const payment = {
      ...base,
      payments: [{ kind: "plan_ended" as const, planId: "starter", planName: "Starter", at: hours(-48) }],
    };
    expect(waitingItems(payment, house(hours(12)), now).map((i) => i.key)).toEqual([
      "token-expiry",
      "payment-plan-ended-starter",
    ]);
    expect(waitingItems(payment, house(hours(30 * 24)), now).map((i) => i.key)).toEqual([
      "payment-plan-ended-starter",
      "token-expiry",
    ]);
    const ended = waitingItems(payment, house(hours(30 * 24)), now)[0]!;
    expect(ended.text).toBe(
      "Your Starter plan ended on 29 Nov because its payment failed. Subscribe again to keep its monthly tokens.",
    );
    expect(ended.to).toBe("/dashboard2/billing/plans/starter");
  });

  it("says so, calmly, when nothing waits", () => {
    const html = render(
      waitingItems(
        { projects: [], meetings: [], payments: [] },
        { unread: 0, cartCount: 0, expiry: null, missingProfile: [] },
        now,
      ),
    );
    expect(html).toContain("Nothing needs you right now.");
    expect(html).not.toContain("<ul");
  });
});
