"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { ModeToggle } from "../ui/mode-toggle";
import { DATE_TIME_MINUTES } from "../ui/format-time";

type Picked = { numberId: string; contact: string };

/**
 * Conversations (issue #42, point 7): the people the account's numbers wrote with lately, and one conversation's
 * messages both ways with each one's status (sent, delivered, read, failed and why) and whether the 24-hour window
 * for free-form replies is open. Refreshed every few seconds while open: Meta's receipts arrive on their own.
 */
export function WhatsappConversations({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const [mode, setMode] = useState<"live" | "test">("test");
  const [picked, setPicked] = useState<Picked | null>(null);
  const list = useQuery({ ...trpc.whatsapp.conversations.queryOptions({ accountId, mode }), refetchInterval: 3_000 });
  const shown = picked ?? (list.data?.[0] ? { numberId: list.data[0].number_id, contact: list.data[0].contact } : null);
  return (
    <Card
      title="Conversations"
      label="WhatsApp conversations"
      actions={
        <ModeToggle
          mode={mode}
          onChange={(m) => {
            setMode(m);
            setPicked(null);
          }}
        />
      }
    >
      {!list.data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">No {mode} messages yet.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <ul aria-label="People" className="grid content-start gap-1">
            {list.data.map((c) => {
              const active = shown?.contact === c.contact && shown.numberId === c.number_id;
              return (
                <li key={`${c.number_id}-${c.contact}`}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => setPicked({ numberId: c.number_id, contact: c.contact })}
                    className={`w-full rounded-md px-3 py-2 text-left text-sm ${active ? "bg-brand-50 ring-1 ring-brand-100" : "hover:bg-slate-50"}`}
                  >
                    <span className="block font-medium text-slate-800">{c.name ?? c.contact}</span>
                    <span className="block truncate text-xs text-muted">{c.last.body ?? c.last.type}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {shown && <Thread accountId={accountId} mode={mode} picked={shown} />}
        </div>
      )}
    </Card>
  );
}

const STATUS_TONE = { read: "green", delivered: "green", sent: "blue", failed: "red", unknown: "amber" } as const;

function Thread({ accountId, mode, picked }: { accountId: string; mode: "live" | "test"; picked: Picked }) {
  const trpc = useTRPC();
  const thread = useQuery({
    ...trpc.whatsapp.conversation.queryOptions({
      accountId,
      mode,
      contact: picked.contact,
      number_id: picked.numberId,
      limit: 50,
    }),
    refetchInterval: 2_000,
  });
  const messages = [...(thread.data?.messages ?? [])].reverse();
  const window = thread.data?.window;
  return (
    <section aria-label={`Conversation with ${picked.contact}`} className="grid min-w-0 content-start gap-3">
      <p className="text-sm">
        <span className="font-semibold">{picked.contact}</span>{" "}
        {window &&
          (window.open ? (
            <Badge tone="green">window open until {DATE_TIME_MINUTES.format(new Date(window.closes_at!))} UTC</Badge>
          ) : (
            <Badge tone="slate">window closed: templates only</Badge>
          ))}
      </p>
      <ol className="grid gap-2" aria-label="Messages">
        {messages.map((m) => {
          const mine = m.direction === "outbound";
          return (
            <li key={m.transaction_id} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
              <div
                className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-brand-50 text-slate-800" : "bg-slate-100 text-slate-800"}`}
              >
                {m.template && <p className="text-xs text-muted">Template {m.template.name}</p>}
                <p className="whitespace-pre-wrap break-words">{m.body ?? `(${m.type})`}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                  <time dateTime={m.created_at}>{DATE_TIME_MINUTES.format(new Date(m.created_at))}</time>
                  {mine && (
                    <Badge tone={STATUS_TONE[m.status as keyof typeof STATUS_TONE] ?? "slate"}>
                      {m.status === "read" ? "Read" : m.status === "delivered" ? "Delivered" : m.status}
                    </Badge>
                  )}
                </p>
                {m.error && (
                  <p className="mt-1 text-xs text-red-700">
                    {m.error.explanation.title}: {m.error.explanation.action}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
