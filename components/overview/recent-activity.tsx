import Link from "next/link";
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
              <li key={m.transactionId} className="py-2">
                <div className="flex items-center justify-between gap-2">
                  <Link
                    className="min-w-0 truncate font-medium text-brand-700 hover:underline"
                    href={`/accounts/${accountId}/messages?open=${encodeURIComponent(m.transactionId)}`}
                  >
                    {m.kind === "sms" ? "SMS" : "Email"} to {m.to}
                  </Link>
                  <Badge tone={TONE[m.status] ?? "slate"}>{m.status}</Badge>
                </div>
                <p className="text-xs text-muted">
                  {m.mode} · {DATE_TIME_MINUTES.format(new Date(m.createdAt))}
                </p>
              </li>
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
              <li key={e.id} className="py-2">
                <div className="flex items-center justify-between gap-2">
                  <Link
                    className="min-w-0 truncate font-mono text-xs text-brand-700 hover:underline"
                    href={`/accounts/${accountId}/requests?open=${e.id}`}
                  >
                    {e.method} {e.path}
                  </Link>
                  <Badge tone={e.status >= 500 ? "red" : "slate"}>
                    {e.status} {e.code ?? ""}
                  </Badge>
                </div>
                <p className="text-xs text-muted">{DATE_TIME_MINUTES.format(new Date(e.at))}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No errors in the request log.</p>
        )}
      </Card>
    </div>
  );
}
