"use client";
// Lines over time (Insights' delivered rate): the same loading as bar-chart.tsx.
import dynamic from "next/dynamic";
import { useWhenIdle } from "./use-when-idle";
import type { LineChartProps } from "./chart-types";

const Drawing = dynamic(() => import("./recharts-lines"), { ssr: false });

export function LineChart(props: LineChartProps) {
  return useWhenIdle() ? <Drawing {...props} /> : null;
}
