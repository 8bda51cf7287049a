import { z } from "zod";

// Schemas for the agency-edited content the site shell needs. Pure (no DB), so
// components can import the types and tests can validate seed files directly.

const localPath = z
  .string()
  .regex(/^\/(?!\/)[^\s]*$/, "must be a path on this site, starting with a single /");

export const linkSchema = z.object({
  label: z.string().trim().min(1, "is required"),
  href: localPath,
});

export const siteSchema = z.object({
  /** The agency's name; also forms API field names (why_join_<name>), so letters only. */
  name: z.string().regex(/^[A-Z][A-Za-z]+$/, "must be one capitalised word of letters only"),
  tagline: z.string().trim().min(1, "is required"),
  description: z
    .string()
    .trim()
    .min(50, "must be at least 50 characters (used as the meta description)")
    .max(160, "must be at most 160 characters (search engines cut longer descriptions)"),
  emails: z.object({
    hello: z.email("must be an email address"),
    careers: z.email("must be an email address"),
    projects: z.email("must be an email address"),
    support: z.email("must be an email address"),
  }),
  /** The WhatsApp number for CHAT WITH US, digits only with the country code. */
  whatsapp: z.string().regex(/^\d{8,15}$/, "must be 8 to 15 digits, with the country code and no +"),
  office: z.object({
    label: z.string().trim().min(1, "is required"),
    lines: z.array(z.string().trim().min(1)).min(1, "needs at least one line"),
  }),
});

export const navigationSchema = z.object({
  links: z.array(linkSchema).min(1, "needs at least one link"),
  /** The words that rotate beside the logo (spec: Strategy, Design, Development, Motion, Social). */
  rotatingWords: z.array(z.string().trim().min(1)).min(2, "needs at least two words"),
});

export const footerSchema = z.object({
  groups: z
    .array(z.object({ title: z.string().trim().min(1, "is required"), links: z.array(linkSchema).min(1) }))
    .min(1, "needs at least one group"),
  /** Social networks: with an href it is a link, without one it is shown as plain text. */
  social: z.array(
    z.object({
      label: z.string().trim().min(1, "is required"),
      href: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
    }),
  ),
});

export type Site = z.infer<typeof siteSchema>;
export type Navigation = z.infer<typeof navigationSchema>;
export type Footer = z.infer<typeof footerSchema>;
export type SiteShell = { site: Site; navigation: Navigation; footer: Footer };

/** content_blocks keys for the shell documents. */
export const SHELL_BLOCKS = { site: siteSchema, navigation: navigationSchema, footer: footerSchema } as const;

/** CHAT WITH US: the prefilled WhatsApp message (docs/product.md, "Marketing pages", contact page). */
export const WHATSAPP_PREFILL = "Hello, I would like to contact you,";

/** The contact page's WhatsApp link; the chat assistant offers the same one. */
export const whatsappUrl = (site: Pick<Site, "whatsapp">) =>
  `https://wa.me/${site.whatsapp}?text=${encodeURIComponent(WHATSAPP_PREFILL)}`;
