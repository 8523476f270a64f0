import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { TableHead } from "../ui/table-head";
import { DATE_TIME_MINUTES as time } from "../ui/format-time";

const TONE = { success: "green", pending: "amber", failed: "red" } as const;

type Payment = {
  id: string;
  provider: string;
  amount: number;
  currency: string;
  status: string;
  checkoutUrl: string | null;
  createdAt: Date;
};

export function PaymentsList({ payments }: { payments: Payment[] }) {
  return (
    <Card title="Recent top-ups" className="mt-6">
      <table className="w-full text-left text-sm">
        <TableHead columns={["Started (UTC)", "Reference", "By", ">Amount", "Status", ""]} />
        <tbody className="divide-y divide-slate-100">
          {payments.map((p) => (
            <tr key={p.id} data-testid="payment-row">
              <td className="px-4 py-2 text-xs tabular-nums">{time.format(p.createdAt)}</td>
              <td className="px-4 py-2 font-mono text-xs">{p.id}</td>
              <td className="px-4 py-2 text-xs">{p.provider === "paystack" ? "Paystack" : "Sandbox checkout"}</td>
              <td className="px-4 py-2 text-right text-xs tabular-nums">
                {p.amount.toFixed(2)} {p.currency}
              </td>
              <td className="px-4 py-2">
                <Badge tone={TONE[p.status as keyof typeof TONE] ?? "slate"}>{p.status}</Badge>
              </td>
              <td className="px-4 py-2 text-right text-xs">
                {p.checkoutUrl && (
                  <a href={p.checkoutUrl} className="text-brand-700 underline">
                    Continue
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
