import { Badge } from "../ui/badge";
import { TableHead } from "../ui/table-head";
import { DATE_TIME as time } from "../ui/format-time";
import { ScrollRegion } from "../ui/scroll-region";

const TONE = { success: "green", pending: "amber", failed: "red" } as const;

type Row = {
  transaction_id: string;
  type: string;
  status: string;
  phone_number: string;
  mode: string;
  network?: string | null;
  capacity_gb?: number | null;
  operator_name?: string | null;
  amount?: number | null;
  amount_currency?: string | null;
  price: { amount: number; currency: string };
  provider_message: string | null;
  created_at: string;
};

export function TopupHistory({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No purchases yet.</p>;
  return (
    <ScrollRegion className="overflow-x-auto" label="Purchases">
      <table className="w-full min-w-[760px] text-left text-sm">
        <TableHead columns={["Time (UTC)", "What", "To", "Status", ">Price", "Detail"]} />
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.transaction_id} data-testid="topup-row">
              <td className="px-4 py-2 text-xs tabular-nums text-slate-600">{time.format(new Date(r.created_at))}</td>
              <td className="px-4 py-2 text-xs">
                {r.type === "data"
                  ? `${r.capacity_gb} GB ${r.network?.toUpperCase()}`
                  : `${r.amount} ${r.amount_currency} airtime, ${r.operator_name}`}{" "}
                {r.mode === "test" && <span className="text-muted">(test)</span>}
              </td>
              <td className="px-4 py-2 font-mono text-xs">{r.phone_number}</td>
              <td className="px-4 py-2">
                <Badge tone={TONE[r.status as keyof typeof TONE] ?? "slate"}>{r.status}</Badge>
              </td>
              <td className="px-4 py-2 text-right text-xs tabular-nums">
                {r.mode === "test" ? "—" : `${r.price.amount.toFixed(2)} ${r.price.currency}`}
              </td>
              <td className="max-w-[16rem] truncate px-4 py-2 text-xs text-muted" title={r.provider_message ?? ""}>
                {r.provider_message ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
