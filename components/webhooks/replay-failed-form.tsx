"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { UtcTimeField } from "../ui/utc-time-field";
import { parseUtcTime, utcInputValue } from "../ui/utc-time";

/** "Replay all failed since <time>", the time typed in UTC like every time Kasa shows. */
export function ReplayFailedForm({ accountId, onReplayed }: { accountId: string; onReplayed: () => void }) {
  const trpc = useTRPC();
  const [since, setSince] = useState(() => utcInputValue(new Date(Date.now() - 24 * 3_600_000), true));
  const replay = useMutation(trpc.webhooks.replayFailedSince.mutationOptions({ onSuccess: onReplayed }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const at = parseUtcTime(since);
    if (at) replay.mutate({ accountId, since: at });
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Replay failed deliveries"
      className="mb-4 flex flex-wrap items-start gap-3 text-sm"
    >
      <UtcTimeField
        id="replay-since"
        label="Replay all failed since"
        value={since}
        onChange={setSince}
        withTime
        required
      />
      <Button type="submit" variant="secondary" className="mt-5" disabled={replay.isPending}>
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
