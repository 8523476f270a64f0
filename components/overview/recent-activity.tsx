import { Link } from "../ui/link";
import type { ReactNode } from "react";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { DATE_TIME_MINUTES } from "../ui/format-time";

type Message = {
  kind: "sms" | "email";
  transactionId: string;
  to: string;
  status: string;
  mode: string;
  createdAt: Date;
};
type ApiError = { id: string; at: Date; method: string; path: string; status: number; code: string | null };

const TONE: Record<string, "green" | "red" | "blue" | "slate"> = { delivered: "green", failed: "red", sent: "blue" };

/** The last 10 messages and the last 10 API errors, each a link to its detail. */
export function RecentActivity({
  accountId,
  messages,
  errors,
}: {
  accountId: string;
  messages: Message[];
  errors: ApiError[];
}) {
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <Card title="Latest messages" label="Latest messages">
        {messages.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {messages.map((m) => (
              <RecentRow
                key={m.transactionId}
                href={`/accounts/${accountId}/messages?open=${encodeURIComponent(m.transactionId)}`}
                title={`${m.kind === "sms" ? "SMS" : "Email"} to ${m.to}`}
                badge={<Badge tone={TONE[m.status] ?? "slate"}>{m.status}</Badge>}
                detail={`${m.mode} · ${DATE_TIME_MINUTES.format(new Date(m.createdAt))}`}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No messages yet: the welcome step sends a test SMS in one click.</p>
        )}
      </Card>
      <Card title="Latest API errors" label="Latest API errors">
        {errors.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {errors.map((e) => (
              <RecentRow
                key={e.id}
                href={`/accounts/${accountId}/requests?open=${e.id}`}
                title={`${e.method} ${e.path}`}
                mono
                badge={
                  <Badge tone={e.status >= 500 ? "red" : "slate"}>
                    {e.status} {e.code ?? ""}
                  </Badge>
                }
                detail={DATE_TIME_MINUTES.format(new Date(e.at))}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No errors in the request log.</p>
        )}
      </Card>
    </div>
  );
}

/** One line of a "latest" list: a link to the detail, its status, and when. */
function RecentRow({
  href,
  title,
  badge,
  detail,
  mono = false,
}: {
  href: string;
  title: string;
  badge: ReactNode;
  detail: string;
  mono?: boolean;
}) {
  return (
    <li className="py-2">
      {/* Wrapped, never cut: "POST /api/v..." on a phone told nobody which call failed. */}
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <Link
          className={`min-w-0 break-all text-brand-700 hover:underline ${mono ? "font-mono text-xs" : "font-medium"}`}
          href={href}
        >
          {title}
        </Link>
        {badge}
      </div>
      <p className="text-xs text-muted">{detail}</p>
    </li>
  );
}
