// The current plan's card on Billing & Payments: Cancel Plan with its confirmation, and after a
// cancellation "Keep my plan", except for a plan whose gateway cannot take a cancellation back
// (Razorpay, decision 0080), where the card says so before and after.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CurrentPlanCard, type CurrentPlan } from "~/components/billing/billing-sections";
import { SUBSCRIPTION_MESSAGES } from "~models/billing/subscriptions";

const plan = (over: Partial<CurrentPlan>): CurrentPlan => ({
  planId: "social",
  name: "Social",
  price: "₹14,999",
  status: "active",
  endsAt: "2026-12-29T00:00:00.000Z",
  cancelling: false,
  keepable: true,
  paid: true,
  monthlyTokens: 20,
  ...over,
});

function render(current: CurrentPlan): string {
  const Stub = createRoutesStub([
    { path: "/dashboard2/billing", Component: () => <CurrentPlanCard plan={current} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/dashboard2/billing"]} />);
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("CurrentPlanCard", () => {
  it("a plan that can be kept: the confirmation alone, then Keep my plan once cancelled", () => {
    const running = text(render(plan({})));
    expect(running).toContain("Cancel Plan");
    expect(running).not.toContain(SUBSCRIPTION_MESSAGES.cancelForGood);
    const cancelled = text(render(plan({ cancelling: true })));
    expect(cancelled).toContain("Keep my plan");
    expect(cancelled).toContain("Cancelled · access until 29 Dec 2026");
  });

  it("a plan Razorpay bills: the confirmation says it cannot be undone, and no Keep my plan after", () => {
    const running = text(render(plan({ keepable: false })));
    expect(running).toContain(SUBSCRIPTION_MESSAGES.cancelForGood);
    const cancelled = text(render(plan({ keepable: false, cancelling: true })));
    expect(cancelled).not.toContain("Keep my plan");
    expect(cancelled).toContain(SUBSCRIPTION_MESSAGES.endsForGood("Social", "29 Dec 2026"));
  });
});
