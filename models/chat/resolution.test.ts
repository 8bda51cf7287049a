import { describe, expect, it } from "vitest";
import { resolutionOf, resolutionRate, RESOLUTION_WAIT_MS, type ConversationOutcome } from "./resolution";

const now = new Date("2026-12-01T10:00:00Z");
const earlier = (ms: number) => new Date(now.getTime() - ms);
const base: ConversationOutcome = {
  handedOff: false,
  answered: true,
  confirmed: false,
  lastRating: null,
  lastAnswerAt: earlier(RESOLUTION_WAIT_MS),
};

describe("resolution as Intercom Fin counts it", () => {
  it("resolved: confirmed, or left without asking for a person for 24 hours after the last answer", () => {
    expect(resolutionOf({ ...base, confirmed: true, lastAnswerAt: earlier(60_000) }, now)).toBe("confirmed");
    expect(resolutionOf(base, now)).toBe("assumed");
    expect(resolutionOf({ ...base, lastAnswerAt: earlier(RESOLUTION_WAIT_MS - 1) }, now)).toBe("open");
  });

  it("not resolved: a person asked for, the last answer rated down, or no answer given", () => {
    expect(resolutionOf({ ...base, handedOff: true, confirmed: true }, now)).toBe("handed-off");
    expect(resolutionOf({ ...base, lastRating: "down" }, now)).toBe("rated-down");
    expect(resolutionOf({ ...base, answered: false }, now)).toBe("unanswered");
  });

  it("counts the rate over closed conversations only", () => {
    const rate = resolutionRate(
      [
        base,
        { ...base, handedOff: true },
        { ...base, lastAnswerAt: earlier(1000) },
        { ...base, confirmed: true },
      ],
      now,
    );
    expect(rate).toMatchObject({ resolved: 2, counted: 3, open: 1 });
    expect(rate.rate).toBeCloseTo(2 / 3);
    expect(resolutionRate([], now).rate).toBeNull();
  });
});
