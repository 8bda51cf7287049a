import { Link } from "react-router";
import { CATEGORY_LABELS } from "~models/billing/shop";
import { formatRegionPrice, type Region } from "~models/billing/currency";
import type { ShopItemView } from "~models/billing/shop.server";
import { PostButton } from "./post-button";
import { StarIcon } from "~/components/icons";

/**
 * One shop item. Owned items show Owned with the button disabled
 * (docs/product.md, "Billing and shop"); items in the cart link to it; the
 * rest add to the cart with a plain form, so it works without JavaScript.
 * The struck-through original price is in the client's currency (`region`).
 */
export function ShopCard({ item, region }: { item: ShopItemView; region: Region }) {
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="shop-item"
      data-item={item.id}
    >
      <img
        src={item.image}
        alt=""
        width={480}
        height={360}
        className="aspect-[4/3] w-full object-cover"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2 text-xs text-text-muted">
          <span className="rounded-full border border-border px-2.5 py-1 font-semibold tracking-wide uppercase">
            {CATEGORY_LABELS[item.category]}
          </span>
          <span aria-label={`Rated ${item.rating} out of 5`}>
            <span className="inline-flex items-center gap-1">
              <span className="text-yellow">
                <StarIcon size={12} />
              </span>
              {item.rating.toFixed(1)}
            </span>
          </span>
        </div>
        <h3 className="font-display text-lg font-semibold">{item.name}</h3>
        <p className="text-sm text-text-muted">{item.description}</p>
        <p className="text-xs text-text-muted">
          {item.file_format} · {item.file_size} · {item.max_downloads} downloads
        </p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <p className="flex flex-col">
            <span className="font-display text-xl font-semibold" data-testid="token-price">
              {item.token_price} tokens
            </span>
            <span className="text-sm text-text-muted">
              <span className="sr-only">Was </span>
              <s data-testid="original-price">{formatRegionPrice(item.original_prices, region)}</s>
            </span>
          </p>
          {item.is_purchased ? (
            <button
              type="button"
              disabled
              className="rounded-full border border-green/60 px-4 py-2.5 text-sm font-semibold text-green opacity-90"
              aria-label={`${item.name}: Owned`}
            >
              Owned
            </button>
          ) : item.in_cart ? (
            <Link
              to="/cart"
              className="rounded-full border border-border px-4 py-2.5 text-sm font-semibold hover:border-text-muted"
            >
              In cart
            </Link>
          ) : (
            <PostButton
              intent="add"
              fields={{ shop_item_id: item.id }}
              className="rounded-full bg-text px-4 py-2.5 text-sm font-semibold text-canvas"
            >
              Add to Cart<span className="sr-only">: {item.name}</span>
            </PostButton>
          )}
        </div>
        {!item.is_purchased && !item.can_afford ? (
          <p className="text-xs text-text-muted">Your tokens do not cover this yet.</p>
        ) : null}
      </div>
    </li>
  );
}
