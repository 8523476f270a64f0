"use client";
import { Fragment, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { TableHead } from "../ui/table-head";
import { WebhookForm } from "./webhook-form";
import { VerifySample } from "./verify-sample";
import { LoadingBlock } from "../ui/loading-block";
import { ReplayFailedForm } from "./replay-failed-form";
import { RotateSecret } from "./rotate-secret";
import { DATE_TIME as time } from "../ui/format-time";
import { ScrollRegion } from "../ui/scroll-region";
import { DeliveryRequestView } from "./delivery-request-view";

const TONE = { succeeded: "green", pending: "amber", failed: "red" } as const;

export function WebhooksPanel({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<"" | "live" | "test">("");
  const [opened, setOpened] = useState<string | null>(null);
  const overview = useQuery(
    trpc.webhooks.overview.queryOptions({ accountId, mode: mode || undefined }, { refetchInterval: 3_000 }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.overview.queryKey() });
  const replay = useMutation(trpc.webhooks.replay.mutationOptions({ onSuccess: refresh }));
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions({ onSuccess: refresh }));
  const data = overview.data;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Kasa POSTs each event to your HTTPS endpoint, signed, and retries failures for up to about 38 hours. Answer 2xx quickly and do the work afterwards."
      />
      {!data && <LoadingBlock className="h-screen" />}
      {/* A stable key: saving must not remount the form and lose the secret it shows once. */}
      {data && canManage && (
        <WebhookForm key="webhook-form" accountId={accountId} current={data.endpoint} onSaved={refresh} />
      )}
      {data?.endpoint && canManage && (
        <RotateSecret accountId={accountId} graceUntil={data.endpoint.previousSecretExpiresAt} onRotated={refresh} />
      )}
      {data?.endpoint && (
        <Card
          title="Deliveries"
          className="mt-6"
          actions={
            canManage ? (
              <Button variant="secondary" onClick={() => sendTest.mutate({ accountId })}>
                Send test event
              </Button>
            ) : null
          }
        >
          {canManage && data.endpoint.active && <ReplayFailedForm accountId={accountId} onReplayed={refresh} />}
          <div className="mb-3 flex items-center gap-2 text-sm">
            <label htmlFor="delivery-mode" className="font-medium text-slate-700">
              Show
            </label>
            <select
              id="delivery-mode"
              value={mode}
              onChange={(e) => setMode(e.target.value as "")}
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
            >
              <option value="">Live and test</option>
              <option value="live">Live only</option>
              <option value="test">Test only</option>
            </select>
          </div>
          {data.deliveries.length === 0 ? (
            <p className="text-sm text-muted">No deliveries yet.</p>
          ) : (
            <ScrollRegion className="overflow-x-auto" label="Deliveries">
              <table className="w-full min-w-[760px] text-left text-sm">
                <TableHead
                  columns={["Created", "Event", "Status", "Attempts", "Next attempt", "Response", ">Latency", ""]}
                />
                <tbody className="divide-y divide-slate-100">
                  {data.deliveries.map((d) => (
                    <Fragment key={d.id}>
                      <tr data-testid="delivery-row">
                        <td className="px-4 py-2 text-xs tabular-nums">{time.format(d.createdAt)}</td>
                        <td className="px-4 py-2 font-mono text-xs">
                          {d.event} {!d.livemode && <Badge tone="blue">test</Badge>}
                        </td>
                        <td className="px-4 py-2">
                          {d.status === "pending" && d.attempts > 0 ? (
                            <>
                              <Badge tone="amber">retrying</Badge>
                              <span className="mt-0.5 block text-xs text-slate-600">
                                attempt {d.attempts + 1} of {data.maxAttempts}
                              </span>
                            </>
                          ) : (
                            <Badge tone={TONE[d.status as keyof typeof TONE] ?? "slate"}>{d.status}</Badge>
                          )}
                        </td>
                        <td className="px-4 py-2 text-xs tabular-nums">
                          {d.attemptLog.length === 0 ? (
                            d.attempts
                          ) : (
                            <details>
                              <summary className="cursor-pointer">{d.attempts}</summary>
                              <ol className="mt-1 max-w-[12rem] space-y-0.5 text-slate-600" aria-label="Attempts">
                                {d.attemptLog.map((a) => (
                                  <li key={a.attempt}>
                                    #{a.attempt} {time.format(a.at)}: {a.statusCode ?? a.error ?? "no answer"} in{" "}
                                    {a.latencyMs} ms
                                  </li>
                                ))}
                              </ol>
                            </details>
                          )}
                        </td>
                        <td className="px-4 py-2 text-xs tabular-nums">
                          {d.status === "pending" && d.nextAttemptAt ? time.format(d.nextAttemptAt) : "—"}
                        </td>
                        <td
                          className="max-w-[14rem] truncate px-4 py-2 text-xs"
                          title={d.responseExcerpt ?? d.lastError ?? ""}
                        >
                          {d.lastStatusCode ?? (d.lastError ? "error" : "—")} {d.responseExcerpt ?? d.lastError ?? ""}
                        </td>
                        <td className="px-4 py-2 text-right text-xs tabular-nums">
                          {d.lastLatencyMs !== null ? `${d.lastLatencyMs} ms` : "—"}
                        </td>
                        <td className="px-4 py-2 text-right whitespace-nowrap">
                          <Button
                            variant="ghost"
                            aria-expanded={opened === d.id}
                            aria-controls={`request-${d.id}`}
                            onClick={() => setOpened(opened === d.id ? null : d.id)}
                          >
                            Request
                          </Button>
                          {canManage && (
                            <Button variant="ghost" onClick={() => replay.mutate({ accountId, id: d.id })}>
                              Replay
                            </Button>
                          )}
                        </td>
                      </tr>
                      {opened === d.id && (
                        <tr id={`request-${d.id}`}>
                          <td colSpan={8} className="bg-slate-50/50 px-4 py-3">
                            {/* Held to the screen's width on a phone, where the table itself scrolls sideways. */}
                            <div className="sticky left-0 max-w-[calc(100vw-5rem)] md:max-w-none">
                              <DeliveryRequestView accountId={accountId} id={d.id} />
                            </div>
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </Card>
      )}
      {/* Shown with the rest, not before it: arriving content must not push it down. */}
      {data && <VerifySample />}
    </>
  );
}
