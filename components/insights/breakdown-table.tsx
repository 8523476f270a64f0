// One dimension's groups as a table (a country, a network...): volume, delivered rate, failures and delivery time;
// a group's name filters the page to it.
import { Link } from "../ui/link";
import type { FigureGroup } from "@/server/modules/insights/summarize-figures";
import { TableHead } from "../ui/table-head";
import { Card } from "../ui/card";
import { DIMENSION_NAMES, percent, seconds } from "./outcome-colors";

export function BreakdownTable({
  dimension,
  groups,
  delivered,
  filterHref,
}: {
  dimension: string;
  groups: FigureGroup[];
  delivered: { id: string; name: string };
  /** A link to the page filtered to one value; null where the page has no such filter. */
  filterHref: ((value: string) => string) | null;
}) {
  const name = DIMENSION_NAMES[dimension] ?? dimension;
  return (
    <Card title={`By ${name.toLowerCase()}`} label={`By ${name.toLowerCase()}`}>
      {groups.length === 0 ? (
        <p className="text-sm text-muted">Nothing in this period.</p>
      ) : (
        <table className="w-full text-sm" data-testid={`breakdown-${dimension}`}>
          <TableHead columns={[name, ">Messages", `>${delivered.name}`, ">Failed", ">Median time"]} />
          <tbody className="divide-y divide-slate-100">
            {groups.map((g) => (
              <tr key={g.key}>
                <th scope="row" className="px-4 py-2 text-left font-medium text-slate-800">
                  {g.key && filterHref ? (
                    <Link href={filterHref(g.key)} scroll={false} className="underline">
                      {g.key}
                    </Link>
                  ) : (
                    g.key || <span className="text-muted">unknown</span>
                  )}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{g.total.toLocaleString("en")}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {percent(g.rates[delivered.id] ?? (g.left ? 0 : null))}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {((g.outcomes.failed ?? 0) + (g.outcomes.bounced ?? 0)).toLocaleString("en")}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {g.delivery_time ? seconds(g.delivery_time.p50_s) : "–"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
