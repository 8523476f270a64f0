// Why messages failed, most frequent first, each with what it usually means and what to do (the reason
// catalogue, failure-catalogue.ts).
import type { InsightsPage } from "@/server/modules/insights/insights-page";
import { Card } from "../ui/card";

export function FailureReasons({ reasons, failed }: { reasons: InsightsPage["reasons"]; failed: number }) {
  return (
    <Card title="Why messages failed" label="Why messages failed">
      {reasons.length === 0 ? (
        <p className="text-sm text-muted">No failures in this period.</p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="failure-reasons">
          {reasons.map((r) => (
            <li key={r.key} className="py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-slate-900">{r.explanation.title}</p>
                <p className="text-sm tabular-nums text-slate-700">
                  {r.total.toLocaleString("en")}
                  {failed > 0 && (
                    <span className="text-muted"> · {((r.total / failed) * 100).toFixed(0)} % of failures</span>
                  )}
                </p>
              </div>
              <p className="mt-1 text-sm text-slate-700">{r.explanation.meaning}</p>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-medium">What to do: </span>
                {r.explanation.action}
              </p>
              <p className="mt-1 font-mono text-xs text-muted">{r.key}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
