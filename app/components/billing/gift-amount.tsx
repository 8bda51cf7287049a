import { classes } from "~/lib/classes";
import { useId, useState, type TextareaHTMLAttributes } from "react";
import type { Region } from "~models/billing/currency";
import {
  formatGiftAmount,
  GIFT_AMOUNTS,
  GIFT_MESSAGE_MAX,
  giftTokensWords,
  parseGiftAmount,
} from "~models/billing/gift-cards";
import { ErrorList, inputClass, type ListOfErrors } from "~/components/forms";

/** The first preset's id: where the presets' errors are tied (the island script finds them by it). */
const GIFT_AMOUNT_ID = "gift-amount";

/**
 * The presets and the custom amount in the buyer's currency (docs/product.md, "Billing and
 * shop"; decision 0059): choosing a preset clears the custom amount, typing one deselects the
 * presets. Without JavaScript both are plain inputs and the server takes the custom amount when
 * it is set. The summary (selected amount, processing fee Free, total, the tokens it redeems as)
 * follows along. `centsPerToken` is a token's worth in the currency's minor units.
 */
export function GiftAmount({
  region,
  centsPerToken,
  preset: initialPreset,
  custom: initialCustom,
  presetErrors,
  customErrors,
}: {
  region: Region;
  centsPerToken: number;
  preset: number;
  custom: string;
  presetErrors?: ListOfErrors;
  customErrors?: ListOfErrors;
}) {
  const rules = GIFT_AMOUNTS[region];
  const [preset, setPreset] = useState(initialPreset);
  const [custom, setCustom] = useState(initialCustom);
  const customId = useId();
  const amount = custom.trim() ? parseGiftAmount(custom) : preset;
  const valid = amount !== null && amount >= rules.min && amount <= rules.max;
  const shown = valid ? formatGiftAmount(amount, region) : "—";
  const tokens = valid ? giftTokensWords(amount, centsPerToken) : "—";
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="flex flex-col gap-5">
        <fieldset data-field-frame>
          <legend className="mb-3 text-sm font-medium">Choose an amount</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {rules.presets.map((value) => (
              <label
                key={value}
                className={classes(
                  "cursor-pointer rounded-2xl border border-border bg-surface px-4 py-4",
                  "text-center font-display text-lg font-semibold",
                  "has-[:checked]:border-yellow has-[:checked]:text-yellow",
                  "has-[:focus-visible]:outline-2",
                )}
              >
                <input
                  type="radio"
                  id={value === rules.presets[0] ? GIFT_AMOUNT_ID : undefined}
                  name="amount"
                  value={value}
                  checked={!custom.trim() && preset === value}
                  onChange={() => {
                    setPreset(value);
                    setCustom("");
                  }}
                  className="sr-only"
                />
                {formatGiftAmount(value, region)}
              </label>
            ))}
          </div>
          <ErrorList id={`${GIFT_AMOUNT_ID}-error`} errors={presetErrors} />
        </fieldset>
        <div data-field-frame className="flex flex-col gap-2">
          <label htmlFor={customId} className="text-sm font-medium">
            Or a custom amount ({rules.symbol})
          </label>
          <input
            id={customId}
            name="customAmount"
            inputMode="numeric"
            value={custom}
            onChange={(event) => setCustom(event.currentTarget.value)}
            placeholder={rules.placeholder}
            className={inputClass}
            aria-invalid={customErrors?.length ? true : undefined}
            aria-describedby={[customErrors?.length ? `${customId}-error` : "", `${customId}-note`]
              .join(" ")
              .trim()}
          />
          <p id={`${customId}-note`} className="text-sm text-text-muted">
            Any amount between {formatGiftAmount(rules.min, region)} and {formatGiftAmount(rules.max, region)}
            .
          </p>
          <ErrorList id={`${customId}-error`} errors={customErrors} />
        </div>
      </div>
      <aside
        className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
        aria-label="Summary"
      >
        <p className="text-sm text-text-muted">Selected amount</p>
        <p
          className="font-display text-3xl font-semibold"
          data-testid="gift-selected"
          data-gift-shown
          aria-live="polite"
        >
          {shown}
        </p>
        <dl className="grid grid-cols-2 gap-2 border-t border-border pt-3 text-sm">
          <dt className="text-text-muted">Gift card</dt>
          <dd className="text-right" data-gift-shown>
            {shown}
          </dd>
          <dt className="text-text-muted">Processing fee</dt>
          <dd className="text-right text-green">Free</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold" data-testid="gift-total" data-gift-shown>
            {shown}
          </dd>
          <dt className="text-text-muted">Redeems as</dt>
          <dd className="text-right" data-testid="gift-tokens" data-gift-tokens>
            {tokens}
          </dd>
        </dl>
      </aside>
    </div>
  );
}

/** The personal message with a live counter (the limit is checked on the server too). */
export function GiftMessage({
  textareaProps,
  errors,
}: {
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
  errors?: ListOfErrors;
}) {
  const id = useId();
  const [count, setCount] = useState(String(textareaProps.defaultValue ?? "").length);
  return (
    <div data-field-frame className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Personal message (optional)
      </label>
      <textarea
        {...textareaProps}
        id={id}
        rows={4}
        maxLength={GIFT_MESSAGE_MAX}
        onInput={(e) => setCount(e.currentTarget.value.length)}
        className={`${inputClass} resize-y`}
        aria-describedby={[errors?.length ? `${id}-error` : "", `${id}-count`].join(" ").trim()}
        aria-invalid={errors?.length ? true : undefined}
      />
      <p id={`${id}-count`} className="text-sm text-text-muted" data-testid="gift-message-count">
        {count} / {GIFT_MESSAGE_MAX}
      </p>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}
