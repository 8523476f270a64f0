"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

/** "Replay all failed since <time>": the time is the browser's local time, sent as an instant. */
export function ReplayFailedForm({ accountId, onReplayed }: { accountId: string; onReplayed: () => void }) {
  const trpc = useTRPC();
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 24 * 3_600_000)));
  const replay = useMutation(trpc.webhooks.replayFailedSince.mutationOptions({ onSuccess: onReplayed }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    replay.mutate({ accountId, since: new Date(since) });
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Replay failed deliveries"
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
    >
      <label className="block">
        <span className="block font-medium text-slate-700">Replay all failed since</span>
        <input
          type="datetime-local"
          required
          value={since}
          onChange={(e) => setSince(e.target.value)}
          className="mt-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={replay.isPending}>
        Replay failed
      </Button>
      {replay.data && (
        <span role="status" className="text-slate-600">
          {replay.data.replayed === 1 ? "1 delivery" : `${replay.data.replayed} deliveries`} queued again.
        </span>
      )}
      {replay.error && (
        <span role="alert" className="text-red-600">
          {replay.error.message}
        </span>
      )}
    </form>
  );
}

function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
