"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { DATE_TIME } from "../ui/format-time";

const TONE = {
  app_end: "green",
  user_abort: "slate",
  network_abort: "slate",
  timeout: "slate",
  app_error: "red",
  insufficient_balance: "red",
  rate_limited: "red",
} as const;

/** The sessions of the page's mode, newest first, each opening onto its hops. */
export function UssdSessionsLog({ accountId, mode }: { accountId: string; mode: "live" | "test" }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState<string | null>(null);
  const { data } = useQuery(trpc.ussd.sessions.queryOptions({ accountId, mode }));
  return (
    <Card title="Sessions" label="USSD sessions">
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : data.sessions.length === 0 ? (
        <p className="text-sm text-muted">
          No {mode} sessions yet.{mode === "test" ? " Dial your code on the phone above." : ""}
        </p>
      ) : (
        <table className="w-full text-sm">
          <TableHead columns={["Started (UTC)", "Code", "Phone", ">Hops", "Ended", ">Price", ""]} />
          <tbody className="divide-y divide-slate-100">
            {data.sessions.map((s) => (
              <SessionRow
                key={s.id}
                accountId={accountId}
                mode={mode}
                session={s}
                open={open === s.id}
                toggle={() => setOpen(open === s.id ? null : s.id)}
              />
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

type Summary = { id: string; created_at: string; service_code: string; phone_number: string; hops: number } & {
  status: string;
  ended_reason: keyof typeof TONE | null;
  price: { amount: number; currency: string };
};

function SessionRow(props: {
  accountId: string;
  mode: "live" | "test";
  session: Summary;
  open: boolean;
  toggle: () => void;
}) {
  const { session: s } = props;
  return (
    <>
      <tr>
        <td className="whitespace-nowrap px-4 py-2">{DATE_TIME.format(new Date(s.created_at))}</td>
        <td className="px-4 py-2 font-mono text-xs">{s.service_code}</td>
        <td className="whitespace-nowrap px-4 py-2">{s.phone_number}</td>
        <td className="px-4 py-2 text-right tabular-nums">{s.hops}</td>
        <td className="px-4 py-2">
          {s.ended_reason ? (
            <Badge tone={TONE[s.ended_reason]}>{s.ended_reason}</Badge>
          ) : (
            <Badge tone="blue">open</Badge>
          )}
        </td>
        <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
          {s.price.amount.toFixed(3)} {s.price.currency}
        </td>
        <td className="px-4 py-2 text-right">
          <Button variant="ghost" aria-expanded={props.open} onClick={props.toggle}>
            {props.open ? "Hide hops" : "Hops"}
          </Button>
        </td>
      </tr>
      {props.open && (
        <tr>
          <td colSpan={7} className="bg-slate-50 px-4 py-3">
            <SessionHops accountId={props.accountId} mode={props.mode} id={s.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function SessionHops({ accountId, mode, id }: { accountId: string; mode: "live" | "test"; id: string }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.ussd.session.queryOptions({ accountId, mode, id }));
  if (!data) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <ol className="grid gap-2 text-xs" aria-label={`Hops of ${id}`}>
      {data.hop_list.map((h) => (
        <li key={h.seq} className="grid gap-1 sm:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1fr)]">
          <span className="font-medium">
            {h.seq}. {h.input === null ? "dial" : `"${h.input}"`}
          </span>
          <span className="text-slate-600">
            {h.text === null ? "page served by Kasa" : `text="${h.text}"`}
            {h.app_ms !== null && `, app ${h.app_ms} ms`}
            {h.kasa_ms !== null && `, Kasa ${h.kasa_ms} ms`}
            {h.error && <span className="text-red-700"> ({h.error})</span>}
          </span>
          <span className="whitespace-pre-wrap font-mono text-slate-800">{h.screen}</span>
        </li>
      ))}
    </ol>
  );
}
