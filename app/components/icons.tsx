import type { SVGProps } from "react";

/**
 * The line icons of the site's chrome: drawn with the current text colour,
 * 18px on a 24-unit grid unless told otherwise, and hidden from screen readers
 * (the control around an icon carries its name).
 */
function StrokeIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      {...props}
    />
  );
}

export function CartIcon() {
  return (
    <StrokeIcon fill="none">
      <path
        d="M3 4h2.2l2.1 11.2a1.6 1.6 0 0 0 1.6 1.3h8.4a1.6 1.6 0 0 0 1.6-1.2L21 8H6.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="20" r="1.3" />
      <circle cx="17.5" cy="20" r="1.3" />
    </StrokeIcon>
  );
}

export function BellIcon() {
  return (
    <StrokeIcon fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </StrokeIcon>
  );
}

/** Three bars: a menu that is closed. */
export function MenuIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className} strokeLinecap="round">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </StrokeIcon>
  );
}

/** A cross: close a menu or a page. */
export function CloseIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className} strokeLinecap="round">
      <path d="M6 6l12 12M18 6 6 18" />
    </StrokeIcon>
  );
}

/** Two arrows apart: open something at full size. */
export function ExpandIcon() {
  return (
    <StrokeIcon
      viewBox="0 0 16 16"
      width="14"
      height="14"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9.5 2.5h4v4M13.5 2.5 9 7M6.5 13.5h-4v-4M2.5 13.5 7 9" />
    </StrokeIcon>
  );
}

/**
 * A tick: done, included (beside its text; 14px, or 12px when small). Drawn
 * by CSS (`.icon-check` in app.css): a list of them costs a class each, not an SVG.
 */
export function CheckIcon({ small = false, className }: { small?: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`icon-check${small ? " small" : ""}${className ? ` ${className}` : ""}`}
    />
  );
}

/** A filled star: a rating (its number is the text beside it). */
export function StarIcon({ size = 14 }: { size?: number }) {
  return (
    <StrokeIcon width={size} height={size} fill="currentColor" stroke="none">
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8Z" />
    </StrokeIcon>
  );
}

/** An arrow up and out: the link leaves this site. */
export function ExternalIcon() {
  return (
    <StrokeIcon width="14" height="14" fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d="M8 16 16.5 7.5M9.5 7.5h7v7" />
    </StrokeIcon>
  );
}

/** A small cross (12px) for removing one item from a list. */
export function DismissIcon() {
  return (
    <StrokeIcon viewBox="0 0 16 16" width="12" height="12" strokeLinecap="round">
      <path d="M4 4l8 8M12 4l-8 8" />
    </StrokeIcon>
  );
}

/** A thumb, up or down: an answer was helpful or not (beside its text label, 14px). */
export function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <StrokeIcon
      width="14"
      height="14"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      transform={down ? "rotate(180)" : undefined}
    >
      <path d="M7 11v9H4v-9h3Z" />
      <path d="M7 11l4-7a2 2 0 0 1 3 1.8L13.4 9H19a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7" />
    </StrokeIcon>
  );
}
