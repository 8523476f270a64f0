"use client";
import { DATE_TIME as time } from "../ui/format-time";
// The email part of a message's panel: when a scheduled message leaves, whether
// the relay took the request for delivery reports (without DSN, email.delivered
// cannot come), and every open and click tracking saw.

type Feedback = {
  deliveryReports: boolean | null;
  scheduledAt: Date | null;
  engagements: { kind: string; url: string | null; occurredAt: Date }[];
};

export function EmailFeedback({ email }: { email: Feedback }) {
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="email-feedback">
      {email.scheduledAt && <p className="text-slate-600">Scheduled for {time.format(email.scheduledAt)} UTC.</p>}
      {email.deliveryReports === false && (
        <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
          The mail relay did not offer delivery status notifications (DSN) for this message, so{" "}
          <code>email.delivered</code> cannot be reported and <code>email.delivery_delayed</code> only if the relay
          sends delay notices on its own. Bounces still arrive.
        </p>
      )}
      {email.engagements.length > 0 && (
        <ol aria-label="Opens and clicks" className="space-y-1">
          {email.engagements.map((e, i) => (
            <li key={i} className="text-xs">
              <span className="font-semibold">{e.kind === "open" ? "Opened" : "Clicked"}</span>{" "}
              <span className="text-muted">{time.format(e.occurredAt)} UTC</span>
              {e.url && <span className="break-all font-mono text-slate-700"> {e.url}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
