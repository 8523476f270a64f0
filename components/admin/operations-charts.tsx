"use client";
import { ChartFigure } from "../ui/chart-figure";
import { CarrierBars, WebhookBars, type CarrierBar, type Point } from "./operations-drawings";
const sum = (data: Point[], key: keyof Omit<Point, "at">) => data.reduce((n, p) => n + p[key], 0);

export function CarrierChart({ data }: { data: CarrierBar[] }) {
  return (
    <ChartFigure
      className="h-48"
      summary={`Live SMS per carrier, last hour: ${data
        .map((c) => `${c.name} ${c.sentHour} sent, ${c.failedHour} failed`)
        .join("; ")}.`}
      caption="Live SMS per carrier, last hour"
      columns={["Carrier", "Sent", "Failed"]}
      rows={data.map((c) => [c.name, c.sentHour, c.failedHour])}
    >
      <CarrierBars data={data} />
    </ChartFigure>
  );
}

export function WebhookChart({ data }: { data: Point[] }) {
  return (
    <ChartFigure
      className="h-48"
      summary={`Webhook deliveries per 5 minutes, last hour: ${sum(data, "succeeded")} succeeded, ${sum(
        data,
        "failed",
      )} failed, ${sum(data, "pending")} pending.`}
      caption="Webhook deliveries per 5 minutes, last hour"
      columns={["Time", "Succeeded", "Failed", "Pending"]}
      rows={data.map((p) => [p.at, p.succeeded, p.failed, p.pending])}
    >
      <WebhookBars data={data} />
    </ChartFigure>
  );
}
