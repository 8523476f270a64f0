"use client";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { EmailFeedback } from "./email-feedback";
import { MessageSummary } from "./message-summary";
import { EventTimeline } from "./event-timeline";
import { useScrollIntoView } from "../ui/use-scroll-into-view";

export function MessageEvents({
  accountId,
  transactionId,
  onClose,
}: {
  accountId: string;
  transactionId: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.messages.events.queryOptions({ accountId, transactionId }));
  const panel = useScrollIntoView<HTMLElement>(transactionId);
  return (
    <section
      ref={panel}
      aria-label="Message events"
      className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between">
        <h2 className="font-mono text-sm font-semibold">{transactionId}</h2>
        <button onClick={onClose} aria-label="Close" className="rounded p-1 text-muted hover:bg-slate-100">
          <X className="h-4 w-4" />
        </button>
      </div>
      {data?.summary && <MessageSummary summary={data.summary} />}
      {data?.sms && (
        <div className="mt-3 text-sm" data-testid="sms-route">
          <p className="text-slate-600">
            Route <span className="font-mono">{data.sms.route}</span> · {data.sms.segments} segment
            {data.sms.segments > 1 ? "s" : ""}
            {data.sms.failureReason && (
              <>
                {" "}
                · failed: <span className="font-medium text-red-700">{data.sms.failureReason.replace(/_/g, " ")}</span>
              </>
            )}
          </p>
          {data.sms.attempts.length > 0 && (
            <ol className="mt-2 space-y-1" aria-label="Carrier attempts">
              {data.sms.attempts.map((a, i) => (
                <li key={i} className="text-xs">
                  <span className="font-mono font-semibold">{a.carrier}</span>{" "}
                  <span className={a.outcome === "accepted" ? "text-green-700" : "text-red-700"}>{a.outcome}</span>
                  {a.detail && <span className="text-slate-600">: {a.detail}</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {data?.email && <EmailFeedback email={data.email} />}
      {data && <EventTimeline events={data.events} />}
    </section>
  );
}
