"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

const NETWORKS = [
  { id: "mtn", label: "MTN" },
  { id: "telecel", label: "Telecel" },
  { id: "airteltigo", label: "AirtelTigo" },
];

export function BuyDataForm({
  accountId,
  mode,
  onBought,
}: {
  accountId: string;
  mode: "test" | "live";
  onBought: () => void;
}) {
  const trpc = useTRPC();
  const [network, setNetwork] = useState("mtn");
  const [capacity, setCapacity] = useState<number>();
  const bundles = useQuery(trpc.topups.bundles.queryOptions({ accountId, network }));
  const buy = useMutation(trpc.topups.buyData.mutationOptions({ onSettled: onBought }));
  const chosen = capacity ?? bundles.data?.bundles[0]?.capacity_gb;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    buy.mutate({
      accountId,
      mode,
      phone_number: String(new FormData(event.currentTarget).get("phone") ?? ""),
      network,
      capacity_gb: Number(chosen),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Buy a data bundle" className="space-y-3">
      <label className="block text-sm">
        <span className="block font-medium text-slate-700">Phone number</span>
        <input
          name="phone"
          required
          placeholder="0241234567 or +233241234567"
          className="mt-1 w-64 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </label>
      <div className="flex flex-wrap gap-3">
        <label className="text-sm">
          <span className="block font-medium text-slate-700">Network</span>
          <select
            value={network}
            onChange={(e) => {
              setNetwork(e.target.value);
              setCapacity(undefined);
            }}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {NETWORKS.map((n) => (
              <option key={n.id} value={n.id}>
                {n.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">Bundle</span>
          <select
            value={chosen ?? ""}
            onChange={(e) => setCapacity(Number(e.target.value))}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {bundles.data?.bundles.map((b) => (
              <option key={b.id} value={b.capacity_gb}>
                {b.capacity_gb} GB, {b.validity_days} days: {b.price.amount.toFixed(2)} {b.price.currency}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Button type="submit" disabled={buy.isPending || chosen === undefined}>
        {buy.isPending ? "Buying…" : `Buy ${mode === "test" ? "(test)" : ""}`}
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
