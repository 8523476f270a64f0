"use client";
import { Link } from "../ui/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";

/** Development's stand-in for Paystack's checkout: pay or cancel, then back to Billing. */
export function SandboxCheckout({ accountId, paymentId }: { accountId: string; paymentId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const payment = useQuery(trpc.billing.payment.queryOptions({ accountId, paymentId }));
  const complete = useMutation(
    trpc.billing.completeSandbox.mutationOptions({
      // What Billing showed before the payment is dropped, not shown stale while it is fetched again.
      onSuccess: async () => {
        await queryClient.resetQueries({ queryKey: trpc.billing.pathKey() });
        router.push(`/accounts/${accountId}/billing?payment=${paymentId}`);
      },
    }),
  );
  const p = payment.data;
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">Sandbox checkout</h1>
      <Card title="Top-up payment">
        <p className="text-sm text-slate-600">
          This deployment has no payment provider: this page plays the part of one. No real money moves.
        </p>
        {p && (
          <>
            <p className="mt-4 text-3xl font-semibold tabular-nums" data-testid="checkout-amount">
              {p.amount.toFixed(2)} {p.currency}
            </p>
            <p className="mt-1 font-mono text-xs text-muted">{p.id}</p>
            {p.status === "pending" && p.provider === "sandbox" ? (
              <div className="mt-6 flex gap-2">
                <Button
                  onClick={() => complete.mutate({ accountId, paymentId, paid: true })}
                  disabled={complete.isPending}
                >
                  Pay {p.amount.toFixed(2)} {p.currency}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => complete.mutate({ accountId, paymentId, paid: false })}
                  disabled={complete.isPending}
                >
                  Cancel
                </Button>
              </div>
            ) : (
              <p className="mt-6 text-sm">
                This payment is {p.status}.{" "}
                <Link className="text-brand-700 underline" href={`/accounts/${accountId}/billing`}>
                  Back to Billing
                </Link>
              </p>
            )}
          </>
        )}
        {payment.error && (
          <p role="alert" className="mt-4 text-sm text-red-600">
            {payment.error.message}
          </p>
        )}
      </Card>
    </div>
  );
}
