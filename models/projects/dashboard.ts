import { z } from "zod";
import { linkSchema } from "../content/site-content";

// The client dashboard's seeded content and its pure rules.

const ACCENTS = ["green", "blue", "yellow", "red", "purple"] as const;

/** seeds/recommendations.json: what the Dashboard and Recommendations tabs suggest. */
export const recommendationsSchema = z.object({
  items: z
    .array(
      z.object({
        title: z.string().trim().min(1, "is required").max(80, "must be at most 80 characters"),
        description: z.string().trim().min(1, "is required").max(240, "must be at most 240 characters"),
        accent: z.enum(ACCENTS, { error: `must be one of ${ACCENTS.join(", ")}` }),
        cta: linkSchema,
      }),
    )
    .min(3, "needs at least three recommendations (the dashboard shows three)"),
});
export type Recommendation = z.infer<typeof recommendationsSchema>["items"][number];

/** seeds/project-help.json: the help section of /order. */
export const projectHelpSchema = z.object({
  phone: z.string().regex(/^\+[0-9 ]{8,20}$/, "must be an international number, e.g. +91 22 4000 1234"),
  hours: z.string().trim().min(1, "is required"),
  chat: linkSchema,
  ticket: linkSchema,
});
export type ProjectHelp = z.infer<typeof projectHelpSchema>;

export const DASHBOARD_CONTENT = {
  recommendations: recommendationsSchema,
  "project-help": projectHelpSchema,
} as const;

/** The dashboard shows the 3 most recent projects and 3 recommendations (docs/product.md, "Dashboard"). */
export const RECENT_PROJECTS_SHOWN = 3;
export const RECOMMENDATIONS_SHOWN = 3;

/** Tokens spent of tokens granted this period, in whole percent; 0 when nothing was granted. */
export function tokenUsagePercent(spent: number, granted: number): number {
  if (granted <= 0 || spent <= 0) return 0;
  return Math.min(100, Math.round((spent / granted) * 100));
}

export type TokenUsage = {
  balance: number;
  granted: number;
  spent: number;
  percent: number;
  periodStart: Date;
  periodEnd: Date;
};

/** Without a subscription, the current period is the calendar month (UTC). */
export function currentPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
