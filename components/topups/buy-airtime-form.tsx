"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

/** Airtime: the operator is detected from the number as you type it. */
export function BuyAirtimeForm({
  accountId,
  mode,
  onBought,
}: {
  accountId: string;
  mode: "test" | "live";
  onBought: () => void;
}) {
  const trpc = useTRPC();
  const [phone, setPhone] = useState("");
  const complete = /^\+\d{10,15}$/.test(phone);
  const operators = useQuery({
    ...trpc.topups.operators.queryOptions({ accountId, mode, phone_number: phone }),
    enabled: complete,
    retry: false,
  });
  const operator = operators.data?.operators[0];
  const buy = useMutation(trpc.topups.buyAirtime.mutationOptions({ onSettled: onBought }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    buy.mutate({
      accountId,
      mode,
      phone_number: phone,
      amount: Number(new FormData(event.currentTarget).get("amount")),
      operatorId: operator?.id,
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Buy airtime" className="space-y-3">
      <label className="block text-sm">
        <span className="block font-medium text-slate-700">Phone number (E.164)</span>
        <input
          value={phone}
          onChange={(e) => setPhone(e.target.value.trim())}
          required
          placeholder="+233241234567"
          className="mt-1 w-64 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </label>
      <p className="text-sm text-slate-600" data-testid="detected-operator">
        {!complete
          ? "Type the number to detect its operator."
          : operators.isLoading
            ? "Detecting the operator…"
            : operator
              ? `${operator.name} (operator ${operator.id}), amounts ${operator.min_amount ?? "?"} to ${operator.max_amount ?? "?"} ${operator.currency}`
              : operators.error
                ? operators.error.message
                : "No operator found for this number."}
      </p>
      <label className="block text-sm">
        <span className="block font-medium text-slate-700">Amount{operator ? ` (${operator.currency})` : ""}</span>
        <input
          name="amount"
          required
          inputMode="decimal"
          placeholder="10"
          className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-1.5 text-sm tabular-nums"
        />
      </label>
      <Button type="submit" disabled={buy.isPending || !operator}>
        {buy.isPending ? "Sending…" : `Send airtime ${mode === "test" ? "(test)" : ""}`}
      </Button>
      {buy.data && (
        <p role="status" className="text-sm text-slate-700">
          {buy.data.transaction_id}: {buy.data.status}
        </p>
      )}
      {buy.error && (
        <p role="alert" className="text-sm text-red-600">
          {buy.error.message}
        </p>
      )}
    </form>
  );
}
