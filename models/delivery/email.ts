import { siteUrl } from "../platform/site-url";
// The delivery clock's emails: plain text and HTML with the same words. Pure.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ClockEmail = {
  subject: string;
  lines: string[];
  link: { label: string; path: string };
  siteUrl?: string;
};

/** The email's two bodies. */
export function renderClockEmail(email: ClockEmail): { text: string; html: string } {
  const base = (email.siteUrl ?? siteUrl()).replace(/\/$/, "");
  const href = `${base}${email.link.path}`;
  const text = `${email.lines.join("\n\n")}\n\n${email.link.label}: ${href}\n\n— Ascendra\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(email.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:36rem">
${email.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(href)}">${escapeHtml(email.link.label)}</a></p>
<p>— Ascendra</p>
</body></html>`;
  return { text, html };
}
