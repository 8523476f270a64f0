"use client";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartFigure } from "../ui/chart-figure";

type Point = { at: string; succeeded: number; failed: number; pending: number };
const sum = (data: Point[], key: keyof Omit<Point, "at">) => data.reduce((n, p) => n + p[key], 0);

export function CarrierChart({ data }: { data: { name: string; sentHour: number; failedHour: number }[] }) {
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
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="name" tick={{ fontSize: 11, fill: "#56657a" }} tickLine={false} axisLine={false} />
          <YAxis allowDecimals={false} tick={{ fontSize: 10, fill: "#56657a" }} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Bar dataKey="sentHour" name="sent" fill="#1f9d63" radius={[3, 3, 0, 0]} />
          <Bar dataKey="failedHour" name="failed" fill="#dc2626" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
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
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="at" tick={{ fontSize: 10, fill: "#56657a" }} tickLine={false} axisLine={false} />
          <YAxis allowDecimals={false} tick={{ fontSize: 10, fill: "#56657a" }} tickLine={false} axisLine={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Line dataKey="succeeded" stroke="#1f9d63" dot={false} />
          <Line dataKey="failed" stroke="#dc2626" dot={false} />
          <Line dataKey="pending" stroke="#d97706" dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
