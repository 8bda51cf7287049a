import type { CreativeTokensContent } from "~models/content/marketing-content";

type AddOn = Omit<CreativeTokensContent["addOns"]["items"][number], "prices"> & { prices: string[] };

/** Graphic design usage: tokens per poster, revision and fast delivery, by tier. */
export function Tiers({
  tiers,
  tokensLabel,
}: {
  tiers: CreativeTokensContent["tiers"];
  tokensLabel: string;
}) {
  const columns = [
    ["poster", tiers.columns.poster],
    ["revision", tiers.columns.revision],
    ["fastDelivery", tiers.columns.fastDelivery],
  ] as const;
  return (
    <section className="wrap mt-24" aria-labelledby="tiers-title">
      <div className="section-head">
        <h2 id="tiers-title" className="display-md">
          {tiers.title}
        </h2>
        <p className="muted">{tiers.text}</p>
      </div>
      <div className="grid gap-5 md:grid-cols-2" data-testid="tiers">
        {tiers.items.map((tier) => (
          <div
            key={tier.name}
            role="group"
            className="card grid grid-cols-3 gap-4 p-7"
            aria-label={tier.name}
            data-tier={tier.name}
          >
            <p className="col-span-3 font-display text-xl font-semibold">{tier.name}</p>
            <dl className="col-span-3 grid grid-cols-3 gap-4">
              {columns.map(([key, label]) => (
                <div key={key} className="flex flex-col-reverse gap-1 border-t border-border pt-4">
                  <dt className="text-xs text-text-muted">{label}</dt>
                  <dd className="font-display text-3xl font-bold">
                    {tier[key]} <span className="sr-only">{tokensLabel}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Add-ons: token cost ("onwards" where it starts there) and the three regional prices. */
export function AddOns({
  addOns,
  regions,
  labels,
}: {
  addOns: Omit<CreativeTokensContent["addOns"], "items"> & { items: AddOn[] };
  regions: CreativeTokensContent["pricing"]["regions"];
  labels: CreativeTokensContent["labels"];
}) {
  return (
    <section className="wrap mt-24" aria-labelledby="add-ons-title">
      <div className="section-head">
        <h2 id="add-ons-title" className="display-md">
          {addOns.title}
        </h2>
        <p className="muted">{addOns.text}</p>
      </div>
      {/* On phones each row becomes a small grid: name and tokens, then the three prices. */}
      <div className="card overflow-hidden">
        <table className="w-full text-left text-sm" data-testid="add-ons">
          <thead className="text-xs text-text-muted max-sm:sr-only">
            <tr>
              <th scope="col" className="px-6 py-4 font-medium">
                {addOns.title}
              </th>
              <th scope="col" className="px-4 py-4 font-medium">
                {labels.tokens}
              </th>
              {regions.map((r) => (
                <th key={r.id} scope="col" className="px-4 py-4 text-right font-medium">
                  {r.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {addOns.items.map((item) => (
              <tr
                key={item.name}
                className="border-t border-border max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:px-5 max-sm:py-4"
              >
                <th scope="row" className="px-6 py-4 font-medium max-sm:col-span-2 max-sm:p-0">
                  {item.name}
                  {item.note ? (
                    <span className="mt-1 block text-xs font-normal text-green">{item.note}</span>
                  ) : null}
                </th>
                <td className="px-4 py-4 whitespace-nowrap max-sm:p-0 max-sm:text-right">
                  <span className="font-display font-semibold">{item.tokens}</span>{" "}
                  {item.onwards ? <span className="text-text-muted">{labels.onwards}</span> : null}
                </td>
                {item.prices.map((price, i) => (
                  <td
                    key={regions[i]!.id}
                    className="px-4 py-4 text-right whitespace-nowrap tabular-nums max-sm:p-0 max-sm:text-left max-sm:text-text-muted"
                  >
                    {price}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
