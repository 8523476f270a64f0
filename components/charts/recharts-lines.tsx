"use client";
// The line drawing, with recharts: loaded on its own chunk once the page is idle (line-chart.tsx). A missing value
// (a day nothing was sent) is a gap, not a zero: a rate of nothing is not 0 %.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, type LineChartProps } from "./chart-types";

export default function RechartsLines({
  categories,
  series,
  domain,
  labelEvery = 1,
  formatCategory = (c) => c,
  formatValue = formatCount,
  xLabel,
  yLabel,
}: LineChartProps) {
  const data = categories.map((category, i) => ({
    category,
    ...Object.fromEntries(series.map((s) => [s.name, s.values[i]])),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: xLabel ? 14 : 0, left: yLabel ? 8 : 0 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="category"
          tickFormatter={formatCategory}
          // Every n-th label where asked, and never two that overlap (a phone's narrow axis drops the ones between).
          interval={labelEvery > 1 ? labelEvery - 1 : "preserveStartEnd"}
          minTickGap={6}
          tick={{ fontSize: 10, fill: "#56657a" }}
          tickLine={false}
          label={
            xLabel ? { value: xLabel, position: "insideBottom", offset: -10, fontSize: 10, fill: "#56657a" } : undefined
          }
        />
        <YAxis
          width={52}
          domain={domain ?? [0, "auto"]}
          tickFormatter={formatValue}
          tick={{ fontSize: 10, fill: "#56657a" }}
          tickLine={false}
          axisLine={false}
          label={
            yLabel ? { value: yLabel, angle: -90, position: "insideLeft", fontSize: 10, fill: "#56657a" } : undefined
          }
        />
        <Tooltip
          labelFormatter={(label) => formatCategory(String(label))}
          formatter={(value) => (value === null || value === undefined ? "none sent" : formatValue(Number(value)))}
          isAnimationActive={false}
          // Dark text on white (the series' own colours fail contrast as text); the legend carries the colours.
          itemStyle={{ color: "#1e293b" }}
          labelStyle={{ color: "#1e293b", fontWeight: 600 }}
          contentStyle={{ fontSize: 12, borderColor: "#cbd5e1" }}
        />
        {series.length > 1 && (
          <Legend verticalAlign="top" iconSize={8} wrapperStyle={{ fontSize: 11, paddingBottom: 4 }} />
        )}
        {series.map((s) => (
          <Line
            key={s.name}
            dataKey={s.name}
            stroke={s.color}
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
