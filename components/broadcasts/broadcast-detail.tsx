"use client";
import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { DATE_TIME_MINUTES } from "../ui/format-time";
import { BroadcastStatusBadge } from "./status-badge";
import { BroadcastCounts } from "./broadcast-counts";
import { DeliveryChart } from "./delivery-chart";
import { KeySelect } from "./key-select";

const PAUSE_REASONS: Record<string, string> = {
  paused: "Paused by you.",
  insufficient_balance: "Paused: the balance ran out. Top up, then resume; nobody was sent to unpaid.",
  content_rule: "Paused by a destination's rule (before windows existed): resume it, and it waits for the window.",
  service_unavailable: "Paused: sending is not configured on this deployment.",
  carrier_unavailable: "Paused: the carriers or the mail relay kept failing. Resume to try again.",
  key_revoked: "Paused: the API key it was sent with was revoked. Resume it with another key.",
  account_suspended: "Paused: the account is suspended.",
  email_unverified: "Paused: live broadcasts wait until an owner of the account verifies their email address.",
};

/** One broadcast as it goes: its counts and cost, refreshed while it runs (every 2 s, 10 s past 10,000 recipients), its chart, and its controls. */
export function BroadcastDetail({
  accountId,
  mode,
  id,
  canEdit,
}: {
  accountId: string;
  mode: "live" | "test";
  id: string;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [keyId, setKeyId] = useState("");
  const { data: b, error } = useQuery({
    ...trpc.broadcasts.status.queryOptions({ accountId, mode, id }),
    // Each refresh counts the broadcast's recipients (about 90 ms at 100,000, docs/benchmarks.md): a large one is
    // refreshed less often.
    refetchInterval: (q) =>
      ["sending", "scheduled"].includes(q.state.data?.status ?? "")
        ? (q.state.data?.recipients ?? 0) > 10_000
          ? 10_000
          : 2_000
        : false,
  });
  // The list beside it shows the same broadcast's status: when the detail sees it change (sending -> sent), the
  // list is refreshed too rather than waiting for its own slower poll or a reload.
  // Only on a change: the first status read is the one the list already shows, and refetching it then is waste.
  const status = b?.status;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (before && status && before !== status)
      void queryClient.invalidateQueries({ queryKey: trpc.broadcasts.list.queryKey() });
  }, [status, queryClient, trpc]);
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.broadcasts.status.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.broadcasts.list.queryKey() });
  };
  const send = useMutation(trpc.broadcasts.send.mutationOptions({ onSuccess }));
  const pause = useMutation(trpc.broadcasts.pause.mutationOptions({ onSuccess }));
  const resume = useMutation(trpc.broadcasts.resume.mutationOptions({ onSuccess }));
  const cancel = useMutation(trpc.broadcasts.cancel.mutationOptions({ onSuccess }));
  const failure = error ?? send.error ?? pause.error ?? resume.error ?? cancel.error;
  if (!b)
    return (
      <Card title="Broadcast">
        {failure ? (
          <p role="alert" className="text-sm text-red-600">
            {failure.message}
          </p>
        ) : (
          <p className="text-sm text-muted">Loading…</p>
        )}
      </Card>
    );
  const busy = send.isPending || pause.isPending || resume.isPending || cancel.isPending;
  return (
    <Card title={b.name} label={b.name} actions={<BroadcastStatusBadge status={b.status} />}>
      <p className="mb-3 text-sm text-muted">
        {b.channel === "sms" ? "SMS" : "Email"} to {b.recipients.toLocaleString("en")} recipients ·{" "}
        {mode === "test" ? (
          <>test mode: nothing is charged (live, about {money(b.estimated_cost)})</>
        ) : (
          <>
            estimated {money(b.estimated_cost)} · spent so far {money(b.cost)}
          </>
        )}
        {b.scheduled_at && <> · scheduled for {DATE_TIME_MINUTES.format(new Date(b.scheduled_at))} UTC</>}
        {b.estimated_finish_at && (
          <> · should finish by {DATE_TIME_MINUTES.format(new Date(b.estimated_finish_at))} UTC</>
        )}
        {" · "}
        <span className="font-mono text-xs">{b.id}</span>
      </p>
      {b.status === "paused" && b.pause_reason && (
        <p role="status" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {PAUSE_REASONS[b.pause_reason] ?? `Paused: ${b.pause_reason}`}
        </p>
      )}
      {(b.waiting_for_window ?? []).map((w) => (
        <p key={w.country} role="status" className="mb-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {w.recipients.toLocaleString("en")} recipients in {w.country} wait for its window, which opens{" "}
          {DATE_TIME_MINUTES.format(new Date(w.opens_at))} UTC; the others go on, and they follow by themselves.
        </p>
      ))}
      {failure && (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {failure.message}
        </p>
      )}
      <BroadcastCounts counts={b.counts} recipients={b.recipients} clicked={b.clicked} />
      {canEdit && (
        <div className="mt-4 flex flex-wrap items-end gap-2">
          {b.status === "draft" && (
            <Button disabled={busy} onClick={() => send.mutate({ accountId, mode, id })}>
              {b.scheduled_at
                ? "Send at its time (now, if it has passed)"
                : `Send to the ${b.recipients.toLocaleString("en")} in its list now`}
            </Button>
          )}
          {(b.status === "sending" || b.status === "scheduled") && (
            <Button variant="secondary" disabled={busy} onClick={() => pause.mutate({ accountId, mode, id })}>
              Pause
            </Button>
          )}
          {b.status === "paused" && (
            <>
              <div className="min-w-56">
                <KeySelect
                  id="resume-key"
                  accountId={accountId}
                  mode={mode}
                  value={keyId}
                  onChange={setKeyId}
                  preferred={b.key_id}
                />
              </div>
              <Button disabled={busy || !keyId} onClick={() => resume.mutate({ accountId, mode, id, keyId })}>
                Resume
              </Button>
            </>
          )}
          {["draft", "scheduled", "sending", "paused"].includes(b.status) && (
            <Button
              variant="danger"
              disabled={busy}
              onClick={() =>
                confirm(`Cancel ${b.name}? Whoever was not sent to yet will not be.`) &&
                cancel.mutate({ accountId, mode, id })
              }
            >
              Cancel broadcast
            </Button>
          )}
        </div>
      )}
      {b.started_at && (
        <DeliveryChart
          accountId={accountId}
          mode={mode}
          id={id}
          running={b.status === "sending"}
          large={b.recipients > 10_000}
        />
      )}
    </Card>
  );
}

const money = (m: { amount: number; currency: string }) =>
  new Intl.NumberFormat("en", { style: "currency", currency: m.currency, maximumFractionDigits: 4 }).format(m.amount);
