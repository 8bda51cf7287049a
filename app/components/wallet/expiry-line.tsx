import { Link } from "react-router";

/**
 * The dashboard's reminder of the soonest expiring tokens: "120 tokens expire
 * on 3 Jan", with the way to spend them (decision 0049). Nothing when the
 * client has no live tokens.
 */
export function ExpiryLine({ expiry }: { expiry: { text: string } | null }) {
  if (!expiry) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-border px-5 py-3 text-sm"
      data-testid="token-expiry"
    >
      <span className="inline-flex items-center gap-2 font-semibold">
        <span className="size-2 rounded-full bg-yellow" aria-hidden="true" />
        {expiry.text}
      </span>
      <Link
        to="/dashboard2/shop"
        className="font-semibold text-text-muted underline-offset-4 hover:underline"
      >
        Spend them in the shop
      </Link>
    </p>
  );
}
