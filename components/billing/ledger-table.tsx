import { TableHead } from "../ui/table-head";
import { Badge } from "../ui/badge";
import { DATE_TIME as time } from "../ui/format-time";
import { ScrollRegion } from "../ui/scroll-region";

const TONE = { credit: "green", refund: "green", reserve: "amber", capture: "slate", debit: "red" } as const;

type Entry = {
  id: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  transactionId: string | null;
  createdAt: Date;
};

export function LedgerTable({ entries, currency }: { entries: Entry[]; currency: string }) {
  if (entries.length === 0) return <p className="text-sm text-muted">No money has moved yet.</p>;
  return (
    <ScrollRegion className="overflow-x-auto" label="Ledger">
      <table className="w-full min-w-[720px] text-left text-sm">
        <TableHead columns={["Time (UTC)", "Kind", ">Amount", ">Balance after", "Reason", "Transaction"]} />
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.id} data-testid="ledger-row">
              <td className="px-4 py-2 text-xs tabular-nums text-slate-600">{time.format(e.createdAt)}</td>
              <td className="px-4 py-2">
                <Badge tone={TONE[e.kind as keyof typeof TONE] ?? "slate"}>{e.kind}</Badge>
              </td>
              <td
                className={`px-4 py-2 text-right text-xs tabular-nums ${e.amount < 0 ? "text-red-700" : e.amount > 0 ? "text-brand-700" : "text-muted"}`}
              >
                {e.amount > 0 ? "+" : ""}
                {e.amount.toFixed(2)} {currency}
              </td>
              <td className="px-4 py-2 text-right text-xs tabular-nums">{e.balanceAfter.toFixed(2)}</td>
              <td className="max-w-[18rem] truncate px-4 py-2 text-xs" title={e.reason}>
                {e.reason}
              </td>
              <td
                className="max-w-[12rem] truncate px-4 py-2 font-mono text-xs text-muted"
                title={e.transactionId ?? ""}
              >
                {e.transactionId ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
