// The drawings of the Operations charts: live SMS per carrier, and webhook deliveries per five minutes.
import { BarChart } from "../charts/bar-chart";

export type Point = { at: string; succeeded: number; failed: number; pending: number };
export type CarrierBar = { name: string; sentHour: number; failedHour: number };

export function CarrierBars({ data }: { data: CarrierBar[] }) {
  return (
    <BarChart
      categories={data.map((c) => c.name)}
      series={[
        { name: "sent", color: "#1f9d63", values: data.map((c) => c.sentHour) },
        { name: "failed", color: "#dc2626", values: data.map((c) => c.failedHour) },
      ]}
    />
  );
}

export function WebhookBars({ data }: { data: Point[] }) {
  return (
    <BarChart
      stacked
      categories={data.map((p) => p.at)}
      series={[
        { name: "succeeded", color: "#1f9d63", values: data.map((p) => p.succeeded) },
        { name: "failed", color: "#dc2626", values: data.map((p) => p.failed) },
        { name: "pending", color: "#d97706", values: data.map((p) => p.pending) },
      ]}
      labelEvery={Math.max(1, Math.ceil(data.length / 6))}
    />
  );
}
