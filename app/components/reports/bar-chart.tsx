import { formatCell, type ReportTableData } from "~models/views/reports/table";
import { ReportTable } from "./report-table";

// A chart drawn on the server as SVG (docs/decisions/0074-business-reports.md):
// no chart library, no script. The SVG is one image named by its <title> and
// described by its <desc>; the figure's visible caption names it too, and the
// data table beside it holds every value, so nothing depends on seeing the
// bars. Colours are the brand's package accents (docs/BRAND.md), each series
// also told apart by its place in the legend and the table's column.

/** The brand accents a series may use, as Tailwind fill classes (written out so Tailwind finds them). */
const FILLS = {
  green: "fill-green",
  blue: "fill-blue",
  yellow: "fill-yellow",
  red: "fill-red",
  purple: "fill-purple",
  white: "fill-white",
} as const;
const STROKES = {
  green: "stroke-green",
  blue: "stroke-blue",
  yellow: "stroke-yellow",
  red: "stroke-red",
  purple: "stroke-purple",
  white: "stroke-white",
} as const;
const SWATCHES = {
  green: "bg-green",
  blue: "bg-blue",
  yellow: "bg-yellow",
  red: "bg-red",
  purple: "bg-purple",
  white: "bg-white",
} as const;

type ChartColour = keyof typeof FILLS;
/** The order series take colours in when they do not name one. */
const ORDER: ChartColour[] = ["green", "blue", "yellow", "purple", "red", "white"];

type ChartSeries = { column: number; colour?: ChartColour };

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 12, right: 12, bottom: 34, left: 72 };

/** A round number at or above `value`: 1, 2, 2.5 or 5 times a power of ten. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * The top of the value axis: four equal steps of a round size, whole
 * currency units for money (never "₹0.01") and whole numbers for counts.
 */
function axisTop(max: number, format: string): number {
  const unit = format === "money" ? 100 : format === "count" ? 1 : 0;
  const step = unit ? Math.max(1, Math.ceil(niceCeiling(max / 4 / unit))) * unit : niceCeiling(max / 4);
  return step * 4;
}

const numeric = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/**
 * A bar (or line) chart of some numeric columns of a report table, the
 * first column giving the labels along the bottom, with the table itself
 * beside it (below it on narrow screens).
 */
export function BarChart({
  table,
  series,
  title,
  description,
  kind = "bar",
}: {
  table: ReportTableData;
  /** The table's columns to draw, by index (never 0: that is the labels). */
  series: ChartSeries[];
  /** The chart's name: its <title> and the figure's visible caption. */
  title: string;
  /** What the chart shows, in a sentence, for people who cannot see it. */
  description: string;
  kind?: "bar" | "line";
}) {
  const id = `${table.id}-chart`;
  const labels = table.rows.map((row) => String(row[0] ?? ""));
  const drawn = series.map((s, index) => ({
    ...s,
    colour: s.colour ?? ORDER[index % ORDER.length]!,
    label: table.columns[s.column]?.label ?? "",
    format: table.columns[s.column]?.format ?? "count",
    values: table.rows.map((row) => Math.max(0, numeric(row[s.column]))),
  }));
  const format = drawn[0]?.format ?? "count";
  const top = axisTop(Math.max(0, ...drawn.flatMap((s) => s.values)), format);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const slot = labels.length ? plotWidth / labels.length : plotWidth;
  const barGap = Math.min(8, slot * 0.2);
  const barWidth = drawn.length ? Math.max(1, (slot - barGap * 2) / drawn.length) : 0;
  const labelEvery = Math.max(1, Math.ceil(labels.length / 12));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * top);

  return (
    // Side by side on a wide screen when the table is narrow enough to read there; else one above the other.
    <div
      className={`grid min-w-0 gap-4 ${table.columns.length <= 4 ? "xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : ""}`}
    >
      <figure
        aria-labelledby={`${id}-caption`}
        className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
      >
        <figcaption id={`${id}-caption`} className="text-sm font-semibold">
          {title}
        </figcaption>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-auto w-full"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{`${description} Every value is in the table “${table.caption}”.`}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-border"
                strokeWidth={1}
              />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-text-muted text-[11px]">
                {formatCell(tick, format, table.currency)}
              </text>
            </g>
          ))}
          {labels.map((label, index) =>
            index % labelEvery === 0 ? (
              <text
                key={`${label}-${index}`}
                x={PAD.left + slot * index + slot / 2}
                y={HEIGHT - PAD.bottom + 18}
                textAnchor="middle"
                className="fill-text-muted text-[11px]"
              >
                {label}
              </text>
            ) : null,
          )}
          {kind === "bar"
            ? drawn.map((s, seriesIndex) =>
                s.values.map((value, index) => (
                  <rect
                    key={`${s.column}-${index}`}
                    x={PAD.left + slot * index + barGap + barWidth * seriesIndex}
                    y={y(value)}
                    width={Math.max(0, barWidth - 1)}
                    height={Math.max(0, PAD.top + plotHeight - y(value))}
                    rx={2}
                    className={FILLS[s.colour]}
                  >
                    <title>{`${labels[index]}, ${s.label}: ${formatCell(value, s.format, table.currency)}`}</title>
                  </rect>
                )),
              )
            : drawn.map((s) => (
                <g key={s.column}>
                  <polyline
                    fill="none"
                    strokeWidth={2.5}
                    strokeLinejoin="round"
                    className={STROKES[s.colour]}
                    points={s.values
                      .map((value, index) => `${PAD.left + slot * index + slot / 2},${y(value)}`)
                      .join(" ")}
                  />
                  {s.values.map((value, index) => (
                    <circle
                      key={index}
                      cx={PAD.left + slot * index + slot / 2}
                      cy={y(value)}
                      r={3.5}
                      className={FILLS[s.colour]}
                    >
                      <title>{`${labels[index]}, ${s.label}: ${formatCell(value, s.format, table.currency)}`}</title>
                    </circle>
                  ))}
                </g>
              ))}
        </svg>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-text-muted" aria-label="Legend">
          {drawn.map((s) => (
            <li key={s.column} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SWATCHES[s.colour]}`} />
              {s.label}
            </li>
          ))}
        </ul>
      </figure>
      <ReportTable table={table} />
    </div>
  );
}
