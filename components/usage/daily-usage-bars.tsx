"use client";
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type Day = { day: string; sms: number; email: number; data: number; airtime: number };

/** The bars of the Usage page's daily chart (loaded on its own: see daily-usage-chart.tsx). */
export type DailyUsageProps = { data: Day[]; service: keyof Omit<Day, "day">; dailyLimit: number };

export function DailyUsageBars({ data, service, dailyLimit }: DailyUsageProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="day"
          tickFormatter={(d: string) => d.slice(5)}
          tick={{ fontSize: 10, fill: "#56657a" }}
          interval={6}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 10, fill: "#56657a" }}
          tickLine={false}
          axisLine={false}
          domain={[0, "auto"]}
        />
        <Tooltip
          cursor={{ fill: "#f1f5f9" }}
          formatter={(value) => [String(value), "requests"]}
          labelFormatter={(label) => `${label} (UTC)`}
        />
        <ReferenceLine
          y={dailyLimit}
          ifOverflow="extendDomain"
          stroke="#f59e0b"
          strokeDasharray="4 4"
          label={{
            value: `daily limit ${dailyLimit.toLocaleString("en")}`,
            position: "insideTopRight",
            fontSize: 10,
            fill: "#b45309",
          }}
        />
        <Bar dataKey={service} fill="#1f9d63" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
