"use client";
import { useState } from "react";
import { ChartFigure } from "../ui/chart-figure";
import { BarChart } from "../charts/bar-chart";
import { pillClass } from "../ui/pill";
import { ModeToggle } from "../ui/mode-toggle";

type Outcome = "delivered" | "sending" | "failed" | "unknown";
type ChannelDays = { byDay: Record<Outcome, number>[]; sent: number; delivered: number; deliveryRate: number | null };
export type ModeMessages = { sms: ChannelDays; email: ChannelDays };

const OUTCOMES: { id: Outcome; name: string; color: string }[] = [
  { id: "delivered", name: "Delivered", color: "#1f9d63" },
  { id: "sending", name: "On its way", color: "#3b82f6" },
  { id: "failed", name: "Failed", color: "#dc2626" },
  { id: "unknown", name: "Unknown", color: "#94a3b8" },
];
const CHANNELS = [
  { id: "sms", label: "SMS" },
  { id: "email", label: "Email" },
] as const;

/** Messages per UTC day for 14 days, one channel and mode at a time, stacked by what became of them. */
export function MessagesChart({
  days,
  messages,
  initialMode,
}: {
  days: string[];
  messages: { live: ModeMessages; test: ModeMessages };
  initialMode: "live" | "test";
}) {
  const [mode, setMode] = useState(initialMode);
  const [channel, setChannel] = useState<"sms" | "email">("sms");
  const shown = messages[mode][channel];
  const label = `${CHANNELS.find((c) => c.id === channel)!.label} messages per day, ${mode} mode, last 14 days (UTC)`;
  const summary =
    `${label}: ${shown.sent.toLocaleString("en")} sent, ${shown.delivered.toLocaleString("en")} delivered` +
    (shown.deliveryRate === null ? "." : ` (${shown.deliveryRate} % of those settled).`);
  return (
    <div>
      <div className="mb-3 flex flex-wrap gap-3">
        <ModeToggle mode={mode} onChange={setMode} />
        <div role="group" aria-label="Channel" className="flex gap-1">
          {CHANNELS.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={channel === c.id}
              onClick={() => setChannel(c.id)}
              className={pillClass(channel === c.id)}
            >
              {c.label}
            </button>
          ))}
        </div>
      </div>
      <ChartFigure
        className="h-48"
        summary={summary}
        caption={label}
        columns={["Day", ...OUTCOMES.map((o) => o.name)]}
        rows={days.map((d, i) => [d, ...OUTCOMES.map((o) => shown.byDay[i]![o.id])])}
      >
        <BarChart
          stacked
          categories={days}
          series={OUTCOMES.map((o) => ({ name: o.name, color: o.color, values: shown.byDay.map((d) => d[o.id]) }))}
          labelEvery={2}
          formatCategory={(d) => d.slice(5)}
        />
      </ChartFigure>
    </div>
  );
}
