"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { DATE_TIME_MINUTES } from "../ui/format-time";
import { BroadcastStatusBadge } from "./status-badge";

/** The latest 100 broadcasts of this mode, newest first. */
export function BroadcastsList({
  accountId,
  mode,
  selected,
  onSelect,
  onNew,
}: {
  accountId: string;
  mode: "live" | "test";
  selected: string | undefined;
  onSelect: (id: string) => void;
  onNew?: () => void;
}) {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.broadcasts.list.queryOptions({ accountId, mode }), refetchInterval: 10_000 });
  return (
    <Card
      title="Broadcasts"
      actions={
        onNew && (
          <Button onClick={onNew} aria-pressed={selected === "new"}>
            New broadcast
          </Button>
        )
      }
    >
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : data.broadcasts.length === 0 ? (
        <p className="text-sm text-muted">No {mode} broadcasts yet.</p>
      ) : (
        <ul className="-mx-2 divide-y divide-slate-100">
          {data.broadcasts.map((b) => (
            <li key={b.id}>
              <button
                type="button"
                aria-current={selected === b.id ? "true" : undefined}
                onClick={() => onSelect(b.id)}
                className={`w-full rounded-md px-2 py-2.5 text-left hover:bg-slate-50 ${selected === b.id ? "bg-brand-50" : ""}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate text-sm font-medium text-slate-800">{b.name}</span>
                  <BroadcastStatusBadge status={b.status} />
                </span>
                <span className="mt-0.5 block text-xs text-muted">
                  {b.channel === "sms" ? "SMS" : "Email"} · {b.recipients.toLocaleString("en")} recipients ·{" "}
                  {DATE_TIME_MINUTES.format(new Date(b.created_at))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
