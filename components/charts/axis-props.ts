// What Kasa's recharts drawings share (recharts-bars.tsx, recharts-lines.tsx): the axes, the tooltip's look, the
// legend and the rows recharts reads, so a bar chart and a line chart read alike.
import type { ChartProps } from "./chart-types";

const TICK = { fontSize: 10, fill: "#56657a" };

export const chartMargin = ({ xLabel, yLabel }: ChartProps) => ({
  top: 8,
  right: 16,
  bottom: xLabel ? 14 : 0,
  left: yLabel ? 8 : 0,
});

export const categoryAxisProps = ({ labelEvery = 1, formatCategory = (c) => c, xLabel }: ChartProps) => ({
  dataKey: "category",
  tickFormatter: formatCategory,
  // Every n-th label where asked, and never two that overlap (a phone's narrow axis drops the ones between).
  interval: labelEvery > 1 ? labelEvery - 1 : ("preserveStartEnd" as const),
  minTickGap: 6,
  tick: TICK,
  tickLine: false,
  label: xLabel ? { value: xLabel, position: "insideBottom" as const, offset: -10, ...TICK } : undefined,
});

export const valueAxisProps = ({ yLabel }: ChartProps, format: (value: number) => string) => ({
  width: 52,
  tickFormatter: format,
  tick: TICK,
  tickLine: false,
  axisLine: false,
  label: yLabel ? { value: yLabel, angle: -90, position: "insideLeft" as const, ...TICK } : undefined,
});

/** Dark text on white (the series' own colours fail contrast as text); the legend carries the colours. */
export const TOOLTIP_LOOK = {
  isAnimationActive: false,
  itemStyle: { color: "#1e293b" },
  labelStyle: { color: "#1e293b", fontWeight: 600 },
  contentStyle: { fontSize: 12, borderColor: "#cbd5e1" },
};

export const LEGEND_PROPS = {
  verticalAlign: "top" as const,
  iconSize: 8,
  wrapperStyle: { fontSize: 11, paddingBottom: 4 },
};

/** One row per category, a column per series (a missing value as `missing`: 0 for bars, a gap for lines). */
export const chartRows = ({ categories, series }: ChartProps, missing: 0 | null) =>
  categories.map((category, i) => ({
    category,
    ...Object.fromEntries(series.map((s) => [s.name, s.values[i] ?? missing])),
  }));
