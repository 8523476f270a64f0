"use client";
// Bars Kasa's pages share (Insights, Usage, the Overview, staff Operations). The box is sized by the caller, so the
// page does not move when the drawing arrives; the drawing's code loads once the page is idle.
import dynamic from "next/dynamic";
import { useWhenIdle } from "./use-when-idle";
import type { BarChartProps } from "./chart-types";

const Drawing = dynamic(() => import("./recharts-bars"), { ssr: false });

export function BarChart(props: BarChartProps) {
  return useWhenIdle() ? <Drawing {...props} /> : null;
}
