// The page's figures as CSV (issue #43: "CSV export"): the series and every table, as the page shows them.
import type { InsightsPage } from "@/server/modules/insights/insights-page";
import type { FigureGroup } from "@/server/modules/insights/summarize-figures";

const cell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  // Quoted where CSV needs it; a leading =, +, - or @ is kept from a spreadsheet's formula reading.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const HEAD = ["section", "key", "total", "left", "outcome", "count", "rate", "p50_s", "p90_s"];

function rows(section: string, group: FigureGroup): (string | number | null)[][] {
  return Object.entries(group.outcomes).map(([outcome, count]) => [
    section,
    group.key,
    group.total,
    group.left,
    outcome,
    count,
    group.rates[outcome] ?? null,
    group.delivery_time?.p50_s ?? null,
    group.delivery_time?.p90_s ?? null,
  ]);
}

export function insightsCsv(page: InsightsPage): string {
  const lines: (string | number | null)[][] = [HEAD];
  lines.push(...rows("summary", page.summary), ...rows("previous_period", page.previous));
  for (const g of page.series) lines.push(...rows(page.unit, g));
  for (const b of page.breakdowns) for (const g of b.groups) lines.push(...rows(b.dimension, g));
  for (const g of page.reasons) lines.push(...rows("reason", g));
  return lines.map((line) => line.map(cell).join(",")).join("\r\n") + "\r\n";
}
