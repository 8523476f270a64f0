// The bars of the Usage page's daily chart: one service's requests per UTC day against its daily limit.
import { BarChart } from "../charts/bar-chart";
import type { Service } from "@/server/modules/limits/services";

export type Day = { day: string } & Record<Service, number>;

export type DailyUsageProps = { data: Day[]; service: keyof Omit<Day, "day">; dailyLimit: number };

export function DailyUsageBars({ data, service, dailyLimit }: DailyUsageProps) {
  return (
    <BarChart
      categories={data.map((d) => d.day)}
      series={[{ name: "requests", color: "#1f9d63", values: data.map((d) => d[service]) }]}
      limit={{ value: dailyLimit, label: `daily limit ${dailyLimit.toLocaleString("en")}` }}
      labelEvery={7}
      formatCategory={(day) => day.slice(5)}
    />
  );
}
