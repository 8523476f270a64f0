// The first paint of a bar chart (docs/decisions.md, "Accessibility and pages"): bars, a scale, a legend and a
// reference line drawn with plain elements on the server, costing a phone nothing to load or run. recharts, which
// costs a throttled phone half a second or more, replaces it when a person reaches for the exact figures (bar-chart.tsx).
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
  const at = (value: number) => `${(value / top) * 100}%`;
  return (
    <div className="flex h-full flex-col text-[10px] text-muted" aria-hidden="true">
      <div className="flex min-h-0 flex-1 gap-1.5">
        <div className="flex w-8 flex-col justify-between pb-5 text-right tabular-nums">
          {ticks.map((t) => (
            <span key={t}>{t.toLocaleString("en")}</span>
          ))}
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative flex-1 border-b border-slate-200">
            {ticks.slice(0, -1).map((t) => (
              <div key={t} className="absolute inset-x-0 border-t border-slate-100" style={{ bottom: at(t) }} />
            ))}
            <div className="absolute inset-0 flex items-end gap-px">
              {categories.map((category, i) => (
                <div
                  key={category}
                  title={`${formatCategory(category)}: ${series.map((s) => `${s.values[i]!.toLocaleString("en")} ${s.name}`).join(", ")}`}
                  className={`flex h-full flex-1 ${stacked ? "flex-col-reverse items-center" : "items-end justify-center gap-px"}`}
                >
                  {series.map((s) => (
                    <div
                      key={s.name}
                      className={stacked ? "w-full max-w-10" : "w-full max-w-6 rounded-t-sm"}
                      style={{ height: at(s.values[i]!), backgroundColor: s.color }}
                    />
                  ))}
                </div>
              ))}
            </div>
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
        <div className="mt-1 flex justify-center gap-3">
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

/** The scale's top: the next 1, 2 or 5 times a power of ten, so that its quarters read as round numbers. */
/** A scale top whose TICKS steps are round counts (1, 2, 5 × a power of ten, never a fraction): 0, 2, 4, 6, 8. */
function niceCeiling(value: number): number {
  if (value <= 0) return TICKS;
  const raw = value / TICKS;
  const power = 10 ** Math.max(0, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw)!;
  return step * power * TICKS;
}
