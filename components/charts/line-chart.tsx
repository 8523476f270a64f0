"use client";
// Lines over time (Insights' delivered rate): the same loading as bar-chart.tsx.
import dynamic from "next/dynamic";
import { useWhenSeenAndIdle } from "./use-when-idle";
import type { LineChartProps } from "./chart-types";

const Drawing = dynamic(() => import("./recharts-lines"), { ssr: false });

export function LineChart(props: LineChartProps) {
  const { ref, ready } = useWhenSeenAndIdle<HTMLDivElement>();
  return (
    <div ref={ref} className="size-full" data-chart="line">
      {ready && <Drawing {...props} />}
    </div>
  );
}
