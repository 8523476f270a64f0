"use client";
// The interactive bars, with recharts (docs/decisions.md, "Accessibility and pages"): loaded on a chunk of its own
// when a person reaches for a chart (bar-chart.tsx). Hover a bar, or focus the chart and use the arrow keys: the
// tooltip gives the exact figures.
import { useEffect } from "react";
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
import { formatCount, type BarChartProps } from "./chart-types";
import { categoryAxisProps, chartMargin, chartRows, LEGEND_PROPS, TOOLTIP_LOOK, valueAxisProps } from "./axis-props";

export default function RechartsBars(props: BarChartProps) {
  const { series, stacked = false, limit, formatCategory = (c) => c, formatValue = formatCount, onDrawn } = props;
  useEffect(() => onDrawn?.(), [onDrawn]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={chartRows(props, 0)} margin={chartMargin(props)}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis {...categoryAxisProps(props)} />
        <YAxis
          {...valueAxisProps(props, formatValue)}
          allowDecimals={false}
          domain={[0, limit ? (max: number) => Math.max(max, limit.value) : "auto"]}
        />
        <Tooltip
          {...TOOLTIP_LOOK}
          labelFormatter={(label) => formatCategory(String(label))}
          formatter={(value) => formatValue(Number(value))}
          cursor={{ fill: "rgba(15, 23, 42, 0.06)" }}
        />
        {series.length > 1 && <Legend {...LEGEND_PROPS} />}
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
