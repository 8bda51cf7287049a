import { classes } from "~/lib/classes";
import { data, Form, Link } from "react-router";
import { accountSummaryForRequest } from "~models/views/account-summary.server";
import { AddToCartSchema, CATEGORY_FILTERS, CATEGORY_LABELS, parseShopFilters } from "~models/billing/shop";
import { addToCart, listShopItems } from "~models/billing/shop.server";
import { regionForRequest } from "~models/billing/currency.server";
import { ActionNotice, Tokens } from "~/components/billing/notice";
import { ShopCard } from "~/components/billing/shop-card";
import { inputClass } from "~/components/forms";
import { memberOf } from "~/lib/membership.server";
import { whoseSummary } from "~/lib/member-summary.server";
import type { Route } from "./+types/shop";
import { requireForm } from "~/lib/body/form.server";

export const meta: Route.MetaFunction = () => [{ title: "Shop — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const filters = parseShopFilters(new URL(request.url).searchParams);
  // The balance is the request's account summary's, which the dashboard's shell reads too.
  const balance = accountSummaryForRequest(request, whoseSummary(member)).then((summary) => summary.balance);
  const [items, shown, { region }] = await Promise.all([
    listShopItems(member.accountId, filters, new Date(), balance),
    balance,
    regionForRequest(request, member.accountId),
  ]);
  return { items, balance: shown, filters, region };
}

/** Add to Cart: blocked with the spec's message when owned or unaffordable. */
export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(await requireForm(request)));
  if (!parsed.success)
    return data(
      { notice: { tone: "error" as const, message: parsed.error.issues[0]!.message } },
      { status: 400 },
    );
  const added = await addToCart(member.accountId, parsed.data);
  if (!added.ok)
    return data({ notice: { tone: "error" as const, message: added.message } }, { status: added.status });
  return { notice: { tone: "success" as const, message: added.message } };
}

const filterHref = (category: string, search: string) =>
  `?${new URLSearchParams({ ...(category !== "all" ? { category } : {}), ...(search ? { search } : {}) })}`;

export default function ShopTab({ loaderData, actionData }: Route.ComponentProps) {
  const { items, balance, filters, region } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-3xl font-semibold">Shop</h1>
          <p className="text-text-muted">
            Templates, assets, tools and graphics, paid with Creative Tokens and yours to download.
          </p>
        </div>
        <p className="text-sm text-text-muted">
          You have <Tokens value={balance} />.{" "}
          <Link
            to="/dashboard2/billing/tokens"
            className="font-semibold text-text underline-offset-4 hover:underline"
          >
            Get more
          </Link>
        </p>
      </header>

      <ActionNotice notice={actionData?.notice}>
        {actionData?.notice.tone === "success" ? (
          <>
            {" "}
            <Link to="/cart" className="font-semibold underline underline-offset-4">
              View cart
            </Link>
          </>
        ) : null}
      </ActionNotice>

      <div className="flex flex-col gap-4">
        <nav aria-label="Categories" className="-mx-5 overflow-x-auto px-5 lg:mx-0 lg:px-0">
          <ul className="flex gap-2">
            {CATEGORY_FILTERS.map((category) => (
              <li key={category}>
                <Link
                  to={filterHref(category, filters.search)}
                  aria-current={filters.category === category ? "page" : undefined}
                  className={classes(
                    "block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap",
                    filters.category === category
                      ? "bg-text text-canvas"
                      : "border border-border text-text-muted hover:text-text",
                  )}
                >
                  {CATEGORY_LABELS[category]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" className="flex max-w-xl gap-2" role="search">
          {filters.category !== "all" ? (
            <input type="hidden" name="category" value={filters.category} />
          ) : null}
          <label htmlFor="shop-search" className="sr-only">
            Search the shop
          </label>
          <input
            id="shop-search"
            type="search"
            name="search"
            defaultValue={filters.search}
            placeholder="Search templates, icons, posters…"
            className={inputClass}
          />
          <button
            type="submit"
            className="rounded-full border border-border px-5 text-sm font-semibold hover:border-text-muted"
          >
            Search
          </button>
        </Form>
      </div>

      {items.length ? (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <ShopCard key={item.id} item={item} region={region} />
          ))}
        </ul>
      ) : (
        <div
          className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-8"
          role="status"
        >
          <p className="font-display text-lg font-semibold">No items found</p>
          <p className="text-text-muted">
            Nothing matches {filters.search ? `“${filters.search}”` : "this category"}. Try another word or
            category.
          </p>
          <Link
            to="/dashboard2/shop"
            className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
          >
            Show everything
          </Link>
        </div>
      )}
    </div>
  );
}
