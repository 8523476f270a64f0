// The first paint of a bar chart (docs/decisions.md, "Accessibility and pages"): bars, a scale, a legend and a
// reference line drawn on the server (a path per series, plain elements for the text), costing a phone nothing to
// load or run. recharts, which costs a throttled phone half a second or more, replaces it when a person reaches for
// the exact figures (bar-chart.tsx).
// The figure around a chart (ChartFigure) names it and holds its numbers as a table: this drawing is for the eye.
import type { BarChartProps } from "./chart-types";

const TICKS = 4;

export function StaticBars({
  categories,
  series: given,
  stacked = false,
  limit,
  labelEvery: every,
  formatCategory = (c) => c,
}: BarChartProps) {
  const series = given.map((s) => ({ ...s, values: s.values.map((v) => v ?? 0) }));
  // Without a choice, about six labels: what a phone's width holds.
  const labelEvery = every ?? Math.max(1, Math.ceil(categories.length / 6));
  const totals = categories.map((_, i) =>
    stacked ? series.reduce((sum, s) => sum + s.values[i]!, 0) : Math.max(0, ...series.map((s) => s.values[i]!)),
  );
  const top = niceCeiling(Math.max(limit?.value ?? 0, ...totals) * 1.15);
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => (top / TICKS) * (TICKS - i));
  const share = (value: number) => (value / top) * 100;
  const at = (value: number) => `${share(value)}%`;
  return (
    <div className="flex h-full flex-col text-[10px] text-muted" aria-hidden="true">
      <div className="flex min-h-0 flex-1 gap-1.5">
        <div className="flex w-8 flex-col justify-between pb-5 text-right tabular-nums">
          {ticks.map((t) => (
            <span key={t}>{t.toLocaleString("en")}</span>
          ))}
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative flex-1 border-b border-slate-200 @container">
            {/* One path per series and one for the grid lines, not an element per bar: a 30-day chart was 60
                elements, and the page hydrates each. The bars are strokes of a set width on screen (non-scaling),
                at most maxWidth and at most 80 % of a category's slot (cqw: the plot's width). */}
            <svg
              className="absolute inset-0 size-full overflow-visible"
              viewBox={`0 0 ${categories.length} 100`}
              preserveAspectRatio="none"
            >
              <path
                d={ticks
                  .slice(0, -1)
                  .map((t) => `M0 ${100 - share(t)}H${categories.length}`)
                  .join("")}
                stroke="#f1f5f9"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
              {series.map((s, k) => (
                <path
                  key={s.name}
                  d={categories
                    .map((_, i) => {
                      const x = stacked ? i + 0.5 : i + 0.1 + (0.8 * (k + 0.5)) / series.length;
                      const base = stacked ? series.slice(0, k).reduce((sum, below) => sum + below.values[i]!, 0) : 0;
                      return s.values[i]! > 0
                        ? `M${round(x)} ${round(100 - share(base))}V${round(100 - share(base + s.values[i]!))}`
                        : "";
                    })
                    .join("")}
                  stroke={s.color}
                  vectorEffect="non-scaling-stroke"
                  style={{
                    strokeWidth: `min(${stacked ? 40 : 24 / series.length}px, ${round(80 / categories.length / (stacked ? 1 : series.length))}cqw)`,
                  }}
                />
              ))}
            </svg>
            {limit && (
              <div
                className="absolute inset-x-0 border-t border-dashed border-amber-500"
                style={{ bottom: at(limit.value) }}
              >
                <span className="absolute -top-4 right-0 text-amber-700">{limit.label}</span>
              </div>
            )}
          </div>
          <div className="flex justify-around pt-1 tabular-nums">
            {categories.map((category, i) =>
              i % labelEvery === Math.floor(labelEvery / 2) ? (
                <span key={category} className="truncate">
                  {formatCategory(category)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      {series.length > 1 && (
        // Wrapped: seven series do not fit one line of a phone, and a clipped legend hides what the colours mean.
        <div className="mt-1 flex flex-wrap justify-center gap-x-3 gap-y-0.5">
          {series.map((s) => (
            <span key={s.name} className="flex items-center gap-1">
              <span className="inline-block size-2 rounded-sm" style={{ backgroundColor: s.color }} />
              {s.name}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** A scale top whose TICKS steps are round counts (1, 2, 5 × a power of ten, never a fraction): 0, 2, 4, 6, 8. */
function niceCeiling(value: number): number {
  if (value <= 0) return TICKS;
  const raw = value / TICKS;
  const power = 10 ** Math.max(0, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw)!;
  return step * power * TICKS;
}

/** Coordinates to 0.01 of a category or a percent: a shorter path, the same drawing. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}
