import type { WindowState } from "@/server/modules/limits/consume-rate-limit";

const NAMES = { minute: "This minute", day: "Today", month: "This month" } as const;

export function WindowMeter({ window: w }: { window: WindowState }) {
  const share = Math.min(1, w.used / w.limit);
  return (
    <div>
      <p className="text-xs text-muted">{NAMES[w.window]}</p>
      <p className="mt-0.5 text-sm font-semibold tabular-nums">
        {w.used.toLocaleString("en")} <span className="font-normal text-muted">/ {w.limit.toLocaleString("en")}</span>
      </p>
      <div
        className="mt-1 h-1.5 rounded-full bg-slate-100"
        role="meter"
        aria-valuenow={w.used}
        aria-valuemax={w.limit}
        aria-label={`${NAMES[w.window]} usage`}
      >
        <div
          className={`h-1.5 rounded-full ${share >= 1 ? "bg-red-500" : share > 0.8 ? "bg-amber-500" : "bg-brand-500"}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
