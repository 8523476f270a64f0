// The period at a glance: volume, the delivered rate against the period before, failures and delivery times.
import type { InsightsPage } from "@/server/modules/insights/insights-page";
import type { AnalyticsChannel } from "@/server/modules/insights/delivery-dimensions";
import { DELIVERED, percent, seconds } from "./outcome-colors";

function Tile({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-muted">{note}</p>}
    </div>
  );
}

/** The change of a rate in percentage points, said in words a reader can trust without colour. */
function change(now: number | null | undefined, before: number | null | undefined): string {
  if (now === null || now === undefined || before === null || before === undefined) return "nothing to compare with";
  const points = (now - before) * 100;
  if (Math.abs(points) < 0.05) return `same as the period before (${percent(before)})`;
  return `${points > 0 ? "up" : "down"} ${Math.abs(points).toFixed(1)} points from ${percent(before)}`;
}

export function SummaryTiles({ channel, page }: { channel: AnalyticsChannel; page: InsightsPage }) {
  const delivered = DELIVERED[channel];
  const { summary, previous } = page;
  const failed = (summary.outcomes.failed ?? 0) + (summary.outcomes.bounced ?? 0);
  const engaged =
    channel === "sms"
      ? { label: "Clicked", n: summary.outcomes.clicked ?? 0 }
      : channel === "email"
        ? { label: "Opened", n: summary.outcomes.opened ?? 0 }
        : null;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Tile
        label="Messages"
        testId="insights-total"
        value={summary.total.toLocaleString("en")}
        note={`${previous.total.toLocaleString("en")} the period before`}
      />
      <Tile
        label={`${delivered.name} rate`}
        testId="insights-rate"
        value={percent(summary.rates[delivered.id] ?? (summary.left ? 0 : null))}
        note={change(summary.rates[delivered.id], previous.rates[delivered.id])}
      />
      <Tile
        label="Failed"
        testId="insights-failed"
        value={failed.toLocaleString("en")}
        note={engaged ? `${engaged.label}: ${engaged.n.toLocaleString("en")}` : undefined}
      />
      <Tile
        label="Median time to delivered"
        testId="insights-latency"
        value={summary.delivery_time ? seconds(summary.delivery_time.p50_s) : "–"}
        note={summary.delivery_time ? `90 % within ${seconds(summary.delivery_time.p90_s)}` : "nothing delivered yet"}
      />
    </div>
  );
}
