"use client";
// Billing after a checkout (?payment=<id>): says at once what became of the
// payment, and keeps asking while the provider has not settled it; the moment
// it is credited, the balance and the lists on the page are fetched again.
import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";

export function PaymentConfirmation({ accountId, paymentId }: { accountId: string; paymentId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const payment = useQuery(
    trpc.billing.payment.queryOptions(
      { accountId, paymentId },
      { refetchInterval: (q) => (q.state.data?.status === "pending" ? 1_000 : false) },
    ),
  );
  const status = payment.data?.status;
  useEffect(() => {
    if (status && status !== "pending")
      void queryClient.invalidateQueries({ queryKey: trpc.billing.overview.infiniteQueryKey({ accountId }) });
  }, [status, accountId, queryClient, trpc]);
  const p = payment.data;
  const tone =
    status === "success"
      ? "border-green-200 bg-green-50 text-green-900"
      : status === "pending"
        ? "border-amber-200 bg-amber-50 text-amber-900"
        : "border-slate-200 bg-slate-50 text-slate-800";
  return (
    <div role="status" className={`mb-6 rounded-lg border p-4 text-sm ${p ? tone : "border-transparent"}`}>
      {p &&
        (status === "success"
          ? `Payment received: ${p.amount.toFixed(2)} ${p.currency} was added to your balance.`
          : status === "pending"
            ? `Waiting for the payment of ${p.amount.toFixed(2)} ${p.currency} to be confirmed…`
            : `The payment of ${p.amount.toFixed(2)} ${p.currency} was not completed; nothing was charged.`)}
      {payment.error && `That payment could not be found.`}
    </div>
  );
}
