"use client";
// The bar drawing, with recharts (docs/decisions.md, "Insights"): loaded on its own chunk once the page is idle
// (bar-chart.tsx). Hover a bar or focus the chart and use the arrow keys: the tooltip gives the exact figures.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useEffect } from "react";
import { formatCount, type BarChartProps } from "./chart-types";

export default function RechartsBars({
  categories,
  series,
  stacked = false,
  limit,
  labelEvery = 1,
  formatCategory = (c) => c,
  formatValue = formatCount,
  xLabel,
  yLabel,
  onDrawn,
}: BarChartProps) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  const data = categories.map((category, i) => ({
    category,
    ...Object.fromEntries(series.map((s) => [s.name, s.values[i] ?? 0])),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: xLabel ? 14 : 0, left: yLabel ? 8 : 0 }}>
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
          allowDecimals={false}
          tickFormatter={formatValue}
          tick={{ fontSize: 10, fill: "#56657a" }}
          tickLine={false}
          axisLine={false}
          domain={[0, limit ? (max: number) => Math.max(max, limit.value) : "auto"]}
          label={
            yLabel ? { value: yLabel, angle: -90, position: "insideLeft", fontSize: 10, fill: "#56657a" } : undefined
          }
        />
        <Tooltip
          labelFormatter={(label) => formatCategory(String(label))}
          formatter={(value) => formatValue(Number(value))}
          cursor={{ fill: "rgba(15, 23, 42, 0.06)" }}
          isAnimationActive={false}
          // Dark text on white (the series' own colours fail contrast as text); the legend carries the colours.
          itemStyle={{ color: "#1e293b" }}
          labelStyle={{ color: "#1e293b", fontWeight: 600 }}
          contentStyle={{ fontSize: 12, borderColor: "#cbd5e1" }}
        />
        {series.length > 1 && (
          <Legend verticalAlign="top" iconSize={8} wrapperStyle={{ fontSize: 11, paddingBottom: 4 }} />
        )}
        {limit && (
          <ReferenceLine
            y={limit.value}
            stroke="#d97706"
            strokeDasharray="4 3"
            label={{ value: limit.label, position: "insideTopRight", fontSize: 10, fill: "#92400e" }}
          />
        )}
        {series.map((s) => (
          <Bar
            key={s.name}
            dataKey={s.name}
            fill={s.color}
            stackId={stacked ? "all" : undefined}
            maxBarSize={stacked ? 40 : 24}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
