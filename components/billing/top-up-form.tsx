"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

const PRESETS = [10, 25, 50, 100];

/** Starts a payment and sends the browser to its checkout (Paystack's, or the sandbox's). */
export function TopUpForm({ accountId, currency }: { accountId: string; currency: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [amount, setAmount] = useState("25");
  const start = useMutation(trpc.billing.startTopUp.mutationOptions());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payment = await start.mutateAsync({ accountId, amount: Number(amount) }).catch(() => null);
    if (!payment) return;
    if (payment.checkoutUrl.startsWith("/")) router.push(payment.checkoutUrl);
    else window.location.assign(payment.checkoutUrl);
  }

  return (
    <form onSubmit={onSubmit} aria-label="Add money" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            onClick={() => setAmount(String(p))}
            aria-pressed={amount === String(p)}
            className={`rounded-full px-3 py-1 text-sm ring-1 ${amount === String(p) ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300"}`}
          >
            {p} {currency}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium text-slate-700">Amount ({currency})</span>
          <input
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            required
            className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-1.5 text-sm tabular-nums"
          />
        </label>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? "Opening checkout…" : "Pay by card or mobile money"}
        </Button>
      </div>
      {start.error && (
        <p role="alert" className="text-sm text-red-600">
          {start.error.message}
        </p>
      )}
      <p className="text-xs text-muted">You are credited once the payment is confirmed, usually within seconds.</p>
    </form>
  );
}
