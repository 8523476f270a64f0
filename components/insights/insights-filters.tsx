// The page's controls: each is a link to another view (insights-params.ts), so the server renders what it opens.
import { Link } from "../ui/link";
import { X } from "lucide-react";
import { pillClass } from "../ui/pill";
import { ANALYTICS_CHANNELS, INSIGHT_PERIODS } from "@/server/modules/insights/delivery-dimensions";
import { insightsHref, type InsightsView } from "./insights-params";
import { DIMENSION_NAMES } from "./outcome-colors";

const CHANNEL_NAMES = { sms: "SMS", email: "Email", verify: "Verify", webhook: "Webhooks" } as const;
const PERIOD_NAMES: Record<number, string> = { 1: "24 h", 7: "7 days", 30: "30 days", 90: "90 days" };

function Pills<T extends string | number>({
  label,
  values,
  current,
  name,
  href,
}: {
  label: string;
  values: readonly T[];
  current: T;
  name: (value: T) => string;
  href: (value: T) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1">
      {values.map((value) => (
        <Link
          key={value}
          href={href(value)}
          aria-current={value === current ? "page" : undefined}
          className={pillClass(value === current)}
          scroll={false}
        >
          {name(value)}
        </Link>
      ))}
    </nav>
  );
}

export function InsightsFilters({ accountId, view }: { accountId: string; view: InsightsView }) {
  const to = (change: Partial<InsightsView>) => insightsHref(accountId, { ...view, ...change });
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <Pills
        label="Channel"
        values={ANALYTICS_CHANNELS}
        current={view.channel}
        name={(c) => CHANNEL_NAMES[c]}
        href={(channel) => to({ channel, filters: {} })}
      />
      <Pills
        label="Period"
        values={INSIGHT_PERIODS}
        current={view.days}
        name={(d) => PERIOD_NAMES[d]!}
        href={(days) => to({ days })}
      />
      <Pills
        label="Mode"
        values={["live", "test"] as const}
        current={view.mode}
        name={(m) => (m === "live" ? "Live" : "Test")}
        href={(mode) => to({ mode })}
      />
      {Object.entries(view.filters).map(([name, value]) => {
        const rest = { ...view.filters };
        delete rest[name];
        return (
          <Link
            key={name}
            href={to({ filters: rest })}
            scroll={false}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
          >
            {DIMENSION_NAMES[name] ?? name}: {value}
            <X className="size-3" aria-hidden="true" />
            <span className="sr-only">(remove this filter)</span>
          </Link>
        );
      })}
    </div>
  );
}
