"use client";
// The line drawing, with recharts: drawn once on screen and the page idle (line-chart.tsx). A missing value (a day
// nothing was sent) is a gap, not a zero: a rate of nothing is not 0 %.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, type LineChartProps } from "./chart-types";
import { categoryAxisProps, chartMargin, chartRows, LEGEND_PROPS, TOOLTIP_LOOK, valueAxisProps } from "./axis-props";

export default function RechartsLines(props: LineChartProps) {
  const { series, domain, formatCategory = (c) => c, formatValue = formatCount } = props;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={chartRows(props, null)} margin={chartMargin(props)}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis {...categoryAxisProps(props)} />
        <YAxis {...valueAxisProps(props, formatValue)} domain={domain ?? [0, "auto"]} />
        <Tooltip
          {...TOOLTIP_LOOK}
          labelFormatter={(label) => formatCategory(String(label))}
          formatter={(value) => (value === null || value === undefined ? "none sent" : formatValue(Number(value)))}
        />
        {series.length > 1 && <Legend {...LEGEND_PROPS} />}
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
