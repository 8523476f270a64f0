"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

/** The balance under which a `balance.low` event is sent to the webhook. */
export function ThresholdForm({
  accountId,
  current,
  currency,
  canEdit,
  onSaved,
}: {
  accountId: string;
  current: number | null;
  currency: string;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const [value, setValue] = useState<string>();
  const save = useMutation(trpc.billing.setThreshold.mutationOptions({ onSuccess: onSaved }));
  const shown = value ?? (current === null ? "" : String(current));
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ accountId, threshold: shown.trim() === "" ? null : Number(shown) });
  }
  return (
    <form onSubmit={onSubmit} aria-label="Low balance alert" className="space-y-2">
      <p className="text-sm text-slate-600">
        We send <code>balance.low</code> to your webhook when a charge takes the balance under this amount. Empty: no
        alert.
      </p>
      <div className="flex items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium text-slate-700">Alert under ({currency})</span>
          <input
            value={shown}
            onChange={(e) => setValue(e.target.value)}
            disabled={!canEdit}
            inputMode="decimal"
            className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-1.5 text-sm tabular-nums"
          />
        </label>
        {canEdit && (
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            Save
          </Button>
        )}
      </div>
      {save.isSuccess && (
        <p role="status" className="text-sm text-slate-600">
          Saved.
        </p>
      )}
      {save.error && (
        <p role="alert" className="text-sm text-red-600">
          {save.error.message}
        </p>
      )}
    </form>
  );
}
