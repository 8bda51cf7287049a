import { describe, expect, it } from "vitest";
import {
  averageRating,
  describeUserAgent,
  initialsOf,
  splitFullName,
  storagePercent,
} from "./manage-account";
import { AccountProfileSchema, MANAGE_ACCOUNT_MESSAGES, PasswordChangeSchema } from "./manage-account-forms";
import {
  matchesFilter,
  PROJECT_RATING_MESSAGES,
  RatingSchema,
  summariseProjects,
} from "../projects/account-projects";
import { ACCOUNT_MESSAGES } from "./accounts";
import { ACTIVE_STATUSES, PROJECT_STATUSES } from "../projects/projects";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("manage account rules", () => {
  it("splits a full name and joins it back unchanged", () => {
    expect(splitFullName("  Asha   Rao  Kulkarni ")).toEqual({ firstName: "Asha", lastName: "Rao Kulkarni" });
    expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
    expect(initialsOf({ firstName: "Asha", lastName: "Rao Kulkarni", username: "asha" })).toBe("AK");
    expect(initialsOf({ firstName: "", lastName: "", username: "studio9" })).toBe("ST");
  });

  it("has notification defaults off when unticked (a browser sends nothing for an unchecked box)", () => {
    const parsed = AccountProfileSchema.parse({ fullName: "Asha Rao", notifications: { email: "on" } });
    expect(parsed.notifications).toEqual({
      email: true,
      sms: false,
      projectUpdates: false,
      marketing: false,
    });
    expect(parsed.privacy).toEqual({ showcaseWork: false, listAsClient: false });
    expect(issues(AccountProfileSchema.safeParse({ fullName: "A" }))).toEqual({
      fullName: MANAGE_ACCOUNT_MESSAGES.fullNameTooShort,
    });
  });

  it("checks a password change in order: required, length, match, different", () => {
    expect(
      issues(
        PasswordChangeSchema.safeParse({ currentPassword: "", newPassword: "abc", confirmPassword: "abc" }),
      ),
    ).toEqual({
      currentPassword: MANAGE_ACCOUNT_MESSAGES.currentPasswordRequired,
      newPassword: ACCOUNT_MESSAGES.passwordTooShort,
    });
    expect(
      issues(
        PasswordChangeSchema.safeParse({
          currentPassword: "secret12",
          newPassword: "abcdef",
          confirmPassword: "abcdeg",
        }),
      ),
    ).toEqual({
      confirmPassword: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    });
    expect(
      issues(
        PasswordChangeSchema.safeParse({
          currentPassword: "secret12",
          newPassword: "secret12",
          confirmPassword: "secret12",
        }),
      ),
    ).toEqual({
      newPassword: MANAGE_ACCOUNT_MESSAGES.newPasswordSame,
    });
  });

  it("accepts ratings of 1 to 5 whole stars", () => {
    const id = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    expect(RatingSchema.safeParse({ projectId: id, rating: 5 }).success).toBe(true);
    for (const rating of [0, 6, 3.5])
      expect(issues(RatingSchema.safeParse({ projectId: id, rating }))).toEqual({
        rating: PROJECT_RATING_MESSAGES.ratingRequired,
      });
  });

  it("filters cover every active status once, and completed covers published and completed", () => {
    const active = PROJECT_STATUSES.filter(
      (s) => matchesFilter(s, "in-progress") || matchesFilter(s, "under-review"),
    );
    expect([...active].sort()).toEqual([...ACTIVE_STATUSES].sort());
    expect(PROJECT_STATUSES.filter((s) => matchesFilter(s, "completed"))).toEqual(["published", "completed"]);
    expect(PROJECT_STATUSES.filter((s) => matchesFilter(s, "all"))).toEqual([...PROJECT_STATUSES]);
  });

  it("summarises projects from their data, leaving cancelled ones out of the average", () => {
    expect(summariseProjects([])).toEqual({
      total: 0,
      completed: 0,
      inProgress: 0,
      underReview: 0,
      averageProgress: 0,
    });
    const summary = summariseProjects([
      { status: "completed", step: 5 },
      { status: "in_progress", step: 3 },
      { status: "in_review", step: 2 },
      { status: "cancelled", step: 2 },
    ]);
    // A brief still waiting for the studio (in review, step 2) has not progressed: it counts 0 (decision 0057).
    expect(summary).toEqual({ total: 4, completed: 1, inProgress: 1, underReview: 1, averageProgress: 53 });
  });

  it("averages ratings to one decimal", () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5, 5, 4])).toBe(4.7);
  });

  it("names browsers and caps storage at 100%", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      ),
    ).toBe("Edge on Windows");
    expect(describeUserAgent("")).toBe("A browser");
    expect(storagePercent(0, 100)).toBe(0);
    expect(storagePercent(23, 100)).toBe(23);
    expect(storagePercent(500, 100)).toBe(100);
  });
});
