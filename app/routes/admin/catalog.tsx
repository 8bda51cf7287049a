import { data, Form, Link } from "react-router";
import { CATALOG_KINDS, CATALOG_MESSAGES, type CatalogKind } from "~models/back-office/catalog-kinds";
import { listCatalogForStaff, setCatalogActive } from "~models/back-office/catalog-admin.server";
import { formatIndian } from "~models/platform/money";
import {
  ActionMessage,
  Badge,
  cell,
  DataTable,
  PageHeader,
  primarySmallButton,
  smallButton,
} from "~/components/admin/ui";
import { notFoundResponse } from "~/lib/auth.server";
import { invalidatePageCache } from "~/lib/page-cache.server";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/catalog";
import { requireForm } from "~/lib/body/form.server";

// The catalogue staff sell from: shop items, token packages and plans, on
// sale or retired (docs/decisions/0025-catalogue-in-the-back-office.md).

export const meta: Route.MetaFunction = () => adminMeta("Catalogue");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  return listCatalogForStaff();
}

type ActionData = { message: string; tone: "success" | "error" };

const isCatalogKind = (value: string): value is CatalogKind => value in CATALOG_KINDS;

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = formData.get("intent");
  const kind = String(formData.get("kind") ?? "");
  if ((intent !== "retire" && intent !== "restore") || !isCatalogKind(kind))
    return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });
  const outcome = await setCatalogActive(kind, String(formData.get("id") ?? ""), intent === "restore", actor);
  if (!outcome.ok) throw notFoundResponse();
  if (!outcome.changed)
    return data<ActionData>({ message: CATALOG_MESSAGES.nothingChanged, tone: "error" }, { status: 409 });
  invalidatePageCache();
  return data<ActionData>({
    message:
      intent === "retire"
        ? CATALOG_MESSAGES.retired(outcome.row.name)
        : CATALOG_MESSAGES.restored(outcome.row.name),
    tone: "success",
  });
}

function RetireButton({
  kind,
  id,
  name,
  active,
}: {
  kind: CatalogKind;
  id: string;
  name: string;
  active: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={active ? "retire" : "restore"}
        className={smallButton}
        aria-label={`${active ? "Retire" : "Put back on sale"} ${name}`}
      >
        {active ? "Retire" : "Put back on sale"}
      </button>
    </Form>
  );
}

function Status({ active, managedBy }: { active: boolean; managedBy: string }) {
  return (
    <span className="flex flex-wrap gap-1">
      {active ? <Badge tone="success">on sale</Badge> : <Badge tone="warning">retired</Badge>}
      {managedBy === "staff" ? <Badge tone="info">edited here</Badge> : <Badge>from seed</Badge>}
    </span>
  );
}

function Section({ kind, children, count }: { kind: CatalogKind; children: React.ReactNode; count: number }) {
  const { plural, label, path } = CATALOG_KINDS[kind];
  return (
    <section aria-labelledby={`catalog-${kind}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`catalog-${kind}`} className="font-display text-lg font-semibold">
          {plural} <span className="text-text-muted">({count})</span>
        </h2>
        <Link to={`/admin/catalog/${path}/new`} className={primarySmallButton}>
          New {label.toLowerCase()}
        </Link>
      </div>
      {children}
    </section>
  );
}

export default function Catalog({ loaderData, actionData }: Route.ComponentProps) {
  const { shopItems, tokenPackages, plans } = loaderData;
  const edit = (kind: CatalogKind, id: string, name: string) => (
    <Link
      to={`/admin/catalog/${CATALOG_KINDS[kind].path}/${id}`}
      className="font-semibold underline-offset-4 hover:underline"
    >
      {name}
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Catalogue"
        description="What clients can buy. Changes show on the site at once; retiring takes an item off sale without touching what was already sold."
      />
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />

      <Section kind="shop_item" count={shopItems.length}>
        <DataTable caption="Shop items" columns={["Item", "Price", "Downloads", "Sold", "Status", ""]}>
          {shopItems.map((item) => (
            <tr key={item.id} data-testid="catalog-row">
              <td className={cell}>
                {edit("shop_item", item.id, item.name)}
                <span className="block text-text-muted">
                  {item.category} · {item.fileName}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{item.tokenPrice} tokens</td>
              <td className={cell}>{item.maxDownloads}</td>
              <td className={cell}>{item.purchases}</td>
              <td className={cell}>
                <Status active={item.isActive} managedBy={item.managedBy} />
              </td>
              <td className={cell}>
                <RetireButton kind="shop_item" id={item.id} name={item.name} active={item.isActive} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section kind="token_package" count={tokenPackages.length}>
        <DataTable caption="Token packages" columns={["Package", "Tokens", "Prices", "Sold", "Status", ""]}>
          {tokenPackages.map((pkg) => (
            <tr key={pkg.id} data-testid="catalog-row">
              <td className={cell}>{edit("token_package", pkg.id, pkg.name)}</td>
              <td className={cell}>
                {pkg.tokens}
                {pkg.bonusTokens ? ` + ${pkg.bonusTokens} bonus` : ""}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                ${pkg.prices.us} · €{pkg.prices.eu} · ₹{pkg.prices.in}
              </td>
              <td className={cell}>{pkg.payments}</td>
              <td className={cell}>
                <Status active={pkg.isActive} managedBy={pkg.managedBy} />
              </td>
              <td className={cell}>
                <RetireButton kind="token_package" id={pkg.id} name={pkg.name} active={pkg.isActive} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section kind="subscription_plan" count={plans.length}>
        <p className="text-sm text-text-muted">
          Retiring a plan stops new subscriptions; current subscribers keep it to the end of the month they
          paid for, then it ends instead of renewing.
        </p>
        <DataTable
          caption="Subscription plans"
          columns={["Plan", "Price", "Tokens a month", "Subscribers", "Status", ""]}
        >
          {plans.map((plan) => (
            <tr key={plan.id} data-testid="catalog-row">
              <td className={cell}>
                {edit("subscription_plan", plan.id, plan.name)}
                <span className="block text-text-muted">{plan.colour}</span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                ${plan.prices.us} · €{plan.prices.eu} · ₹{formatIndian(plan.price)} a month
              </td>
              <td className={cell}>{plan.monthlyTokens}</td>
              <td className={cell}>{plan.activeSubscriptions}</td>
              <td className={cell}>
                <Status active={plan.isActive} managedBy={plan.managedBy} />
              </td>
              <td className={cell}>
                <RetireButton kind="subscription_plan" id={plan.id} name={plan.name} active={plan.isActive} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </>
  );
}
