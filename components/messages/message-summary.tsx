// What the message was: who, what, what it cost (a test send: what it would have), and why it failed.
import type { MessageSummary as Summary } from "@/server/modules/messages/get-message-detail";
import { Badge } from "../ui/badge";
import { DATE_TIME as time } from "../ui/format-time";

export function MessageSummary({ summary }: { summary: Summary }) {
  const price =
    summary.direction === "inbound"
      ? "Free (a reply)"
      : summary.mode === "test"
        ? `$${summary.price.toFixed(3)} (test: not charged)`
        : `$${summary.price.toFixed(3)}`;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]" data-testid="message-summary">
      <dt className="text-slate-600">Status</dt>
      <dd>
        <Badge tone={summary.status === "failed" ? "red" : "slate"}>{summary.status}</Badge>
        {summary.mode === "test" && <span className="ml-2 text-xs text-slate-600">test key</span>}
      </dd>
      <dt className="text-slate-600">{summary.direction === "inbound" ? "From" : "To"}</dt>
      <dd className="break-all">{summary.direction === "inbound" ? summary.from : summary.to}</dd>
      <dt className="text-slate-600">{summary.direction === "inbound" ? "To" : "From"}</dt>
      <dd className="break-all">{summary.direction === "inbound" ? summary.to : summary.from}</dd>
      <dt className="text-slate-600">{summary.kind === "email" ? "Subject" : "Message"}</dt>
      <dd className="whitespace-pre-wrap break-words" data-testid="message-content">
        {summary.content}
      </dd>
      <dt className="text-slate-600">Price</dt>
      <dd className="tabular-nums" data-testid="message-price">
        {price}
      </dd>
      <dt className="text-slate-600">Sent</dt>
      <dd className="tabular-nums">{time.format(summary.createdAt)} UTC</dd>
      {summary.error && (
        <>
          <dt className="text-slate-600">Error</dt>
          <dd data-testid="message-error">
            <p className="font-medium text-red-700">{summary.error.explanation.title}</p>
            <p className="text-slate-700">{summary.error.explanation.meaning}</p>
            <p className="text-slate-700">
              <span className="font-medium">What to do: </span>
              {summary.error.explanation.action}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              {summary.error.code && <span className="font-mono">{summary.error.code}: </span>}
              {summary.error.message}
            </p>
          </dd>
        </>
      )}
    </dl>
  );
}
