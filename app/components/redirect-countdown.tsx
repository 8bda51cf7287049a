import { useEffect, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Counts down from `seconds` and then goes to `to`. Render <RedirectWithoutJs>
 * beside it so that the same happens with JavaScript off.
 */
export function useRedirectCountdown(seconds: number, to: string): number {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      navigate(to);
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, to]);
  return left;
}

/** Without JavaScript the browser follows this after the same delay. */
export function RedirectWithoutJs({ seconds, to }: { seconds: number; to: string }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
    </noscript>
  );
}

/** The green check of a success screen. */
export function SuccessMark() {
  return (
    <div className="grid size-14 place-items-center rounded-full bg-green text-green-ink" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="26"
        height="26"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m5 12.5 4.5 4.5L19 7.5" />
      </svg>
    </div>
  );
}
