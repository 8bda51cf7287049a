import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { startDownload } from "~models/billing/downloads.server";
import { SHOP_MESSAGES } from "~models/billing/shop";
import { listPurchases } from "~models/billing/shop.server";
import { ActionNotice } from "~/components/billing/notice";
import { memberOf } from "~/lib/membership.server";
import { refusalFor } from "~/lib/member-summary.server";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/purchases";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [{ title: "My Purchases — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  return { purchases: await listPurchases(member.accountId) };
}

/** Download: counts one against the limit and answers a signed, five-minute link to the file. */
export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const refused = refusalFor(member, "brief", "download files");
  if (refused)
    return data({ notice: { tone: "error" as const, message: refused }, url: null }, { status: 403 });
  const form = await requireForm(request);
  const started = await startDownload(member.accountId, String(form.get("purchase_id") ?? ""));
  if (!started.ok)
    return data(
      { notice: { tone: "error" as const, message: started.message }, url: null },
      { status: started.status },
    );
  return { notice: { tone: "success" as const, message: started.message }, url: started.url };
}

/**
 * Starts the download the action answered: with JavaScript by pointing the
 * window at the attachment (the page stays), without it by a meta refresh.
 */
function StartDownload({ started }: { started: { url: string } }) {
  const { url } = started;
  // Once per answer (two links can be identical within one second).
  useEffect(() => {
    window.location.assign(started.url);
  }, [started]);
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${url}`} />
      </noscript>{" "}
      <a href={url} className="font-semibold underline underline-offset-4">
        Download again if it did not start
      </a>
    </>
  );
}

export default function MyPurchasesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { purchases } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">My Purchases</h1>
        <p className="text-text-muted">
          Everything you bought in the shop. Each purchase can be downloaded a limited number of times.
        </p>
      </header>
      <ActionNotice notice={actionData?.notice}>
        {actionData?.url ? <StartDownload started={actionData} /> : null}
      </ActionNotice>
      {purchases.length ? (
        <ul className="flex flex-col gap-4">
          {purchases.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-5 rounded-2xl border border-border bg-surface p-4"
              data-testid="purchase"
            >
              <img
                src={p.shop_item.image}
                alt=""
                width={128}
                height={96}
                className="h-24 w-32 rounded-xl object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="font-display text-lg font-semibold">{p.shop_item.name}</p>
                <p className="text-sm text-text-muted">
                  Bought {formatDate(p.purchase_date)} for {p.tokens_spent} tokens · {p.shop_item.file_format}
                  , {p.shop_item.file_size}
                </p>
                <p className="text-sm text-text-muted" data-testid="downloads-used">
                  {p.download_count} of {p.max_downloads} downloads used
                </p>
              </div>
              {p.can_download ? (
                <Form method="post">
                  <input type="hidden" name="purchase_id" value={p.id} />
                  <button
                    type="submit"
                    className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
                    aria-label={`Download ${p.shop_item.name}`}
                  >
                    Download
                  </button>
                </Form>
              ) : (
                <button
                  type="button"
                  disabled
                  className="rounded-full border border-border px-5 py-3 text-sm font-semibold text-text-muted"
                >
                  {SHOP_MESSAGES.downloadLimitReached}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div
          className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-border p-8"
          role="status"
        >
          <p className="font-display text-lg font-semibold">No purchases yet</p>
          <p className="text-text-muted">Items you buy in the shop are listed here with their downloads.</p>
          <Link
            to="/dashboard2/shop"
            className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
          >
            Browse the shop
          </Link>
        </div>
      )}
    </div>
  );
}
