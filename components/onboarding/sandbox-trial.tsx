"use client";
import { useEffect, useState } from "react";
import { CheckCircle2, Circle, Loader2, XCircle } from "lucide-react";
import { Button } from "../ui/button";

const STEPS = ["accepted", "sent", "delivered"] as const;
type Shown = { id: string; status: string; error?: string };

/** What a trial sends: the same request as the docs' examples, to the sandbox recipient that is always delivered. */
export type Trial = {
  label: string;
  send: { path: string; body: object };
  statusPath: string;
  /** Who receives it, said beside the button. */
  recipient: string;
};

/** The sandbox number that is always reported delivered (README, "Sandbox"). */
export const SMS_TRIAL: Trial = {
  label: "Send a test SMS",
  send: { path: "/api/v1/sms/send", body: { to: "+233200000001", message: "Hello from Kasa: my first test SMS" } },
  statusPath: "/api/v1/sms/status",
  recipient: "+233200000001, the sandbox number that is always delivered",
};

/** From the sandbox sender (no domain needed with a test key) to the sandbox address that is always delivered. */
export const EMAIL_TRIAL: Trial = {
  label: "Send a test email",
  send: {
    path: "/api/v1/email/send",
    body: { to: "delivered@sandbox.kasa.dev", subject: "Hello from Kasa", text: "My first test email." },
  },
  statusPath: "/api/v1/email/status",
  recipient: "delivered@sandbox.kasa.dev from onboarding@sandbox.kasa.dev, no domain needed",
};

/**
 * A test send from the welcome step: the browser calls the public API itself with the test key (the same request
 * as the curl above), then reads the message's status every second until the sandbox says delivered.
 */
export function SandboxTrial({ apiKey, trial }: { apiKey: string; trial: Trial }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setError(null);
    setShown(null);
    try {
      const res = await fetch(trial.send.path, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(trial.send.body),
      });
      const body = await res.json();
      if (!res.ok) return setError(`${body.error?.code ?? res.status}: ${body.error?.message ?? "refused"}`);
      setShown({ id: body.data.transaction_id, status: body.data.status });
    } catch {
      setError("The request did not reach Kasa; check your connection and try again.");
    } finally {
      setSending(false);
    }
  }

  const id = shown?.id;
  // Final statuses: "unknown" is one too (no receipt will come), so the page stops asking.
  const settled = shown && ["delivered", "failed", "unknown"].includes(shown.status);
  useEffect(() => {
    if (!id || settled) return;
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`${trial.statusPath}?transaction_id=${encodeURIComponent(id)}`, {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        if (!res.ok) return;
        const body = await res.json();
        setShown({ id, status: body.data.status, error: body.data.error?.message ?? undefined });
      } catch {
        // A dropped connection: the next tick asks again.
      }
    }, 1_000);
    return () => clearInterval(timer);
  }, [id, settled, apiKey, trial.statusPath]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={send} disabled={sending}>
          {sending ? "Sending…" : shown ? `${trial.label.replace("Send a", "Send another")}` : trial.label}
        </Button>
        <p className="text-sm text-muted">To {trial.recipient}. Nothing leaves Kasa and nothing is charged.</p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {shown && (
        <div
          className="rounded-md border border-slate-200 p-3 text-sm"
          aria-live="polite"
          data-testid={`trial-${trial.send.path.split("/")[3]}`}
        >
          <p className="break-all font-mono text-xs text-slate-600">{shown.id}</p>
          <ol className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1" aria-label="Message status">
            {STEPS.map((step) => (
              <StepMark key={step} step={step} status={shown.status} />
            ))}
          </ol>
          {shown.status === "failed" && <p className="mt-2 text-red-600">Failed: {shown.error ?? "no reason given"}</p>}
        </div>
      )}
    </div>
  );
}

function StepMark({ step, status }: { step: (typeof STEPS)[number]; status: string }) {
  const reached: Record<string, number> = { pending: 0, queued: 0, sent: 1, delivered: 2, failed: 1 };
  const at = reached[status] ?? 0;
  const index = STEPS.indexOf(step);
  const failedHere = status === "failed" && index === 2;
  const done = !failedHere && index <= at;
  const Icon = failedHere ? XCircle : done ? CheckCircle2 : index === at + 1 ? Loader2 : Circle;
  return (
    <li
      className={`flex items-center gap-1.5 ${done ? "text-emerald-700" : failedHere ? "text-red-600" : "text-muted"}`}
    >
      <Icon aria-hidden className={`h-4 w-4 ${Icon === Loader2 ? "animate-spin" : ""}`} />
      <span>
        {failedHere ? "failed" : step}
        <span className="sr-only">{done ? " (done)" : failedHere ? "" : " (waiting)"}</span>
      </span>
    </li>
  );
}
