"use client";
// The drawings of the Operations charts: recharts is the heaviest script of the console, loaded apart from the page
// (operations-charts.tsx) so the tables show first.
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

export type Point = { at: string; succeeded: number; failed: number; pending: number };
export type CarrierBar = { name: string; sentHour: number; failedHour: number };

export function CarrierBars({ data }: { data: CarrierBar[] }) {
  return (
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
  );
}

export function WebhookLines({ data }: { data: Point[] }) {
  return (
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
  );
}
