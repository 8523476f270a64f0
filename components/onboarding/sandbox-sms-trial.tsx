"use client";
import { useEffect, useState } from "react";
import { CheckCircle2, Circle, Loader2, XCircle } from "lucide-react";
import { Button } from "../ui/button";

/** The sandbox number that is always reported delivered (README, "Sandbox"). */
const DELIVERED_NUMBER = "+233200000001";
const STEPS = ["accepted", "sent", "delivered"] as const;
type Shown = { id: string; status: string; error?: string };

/**
 * "Send a test SMS": the browser calls the public API itself with the test key (the same request as the curl
 * above), then reads the message's status every second until the sandbox's receipt says delivered.
 */
export function SandboxSmsTrial({ apiKey, onDelivered }: { apiKey: string; onDelivered?: () => void }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setError(null);
    setShown(null);
    try {
      const res = await fetch("/api/v1/sms/send", {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ to: DELIVERED_NUMBER, message: "Hello from Kasa: my first test SMS" }),
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
        const res = await fetch(`/api/v1/sms/status?transaction_id=${encodeURIComponent(id)}`, {
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
  }, [id, settled, apiKey]);
  useEffect(() => {
    if (shown?.status === "delivered") onDelivered?.();
  }, [shown?.status, onDelivered]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={send} disabled={sending}>
          {sending ? "Sending…" : shown ? "Send another" : "Send a test SMS"}
        </Button>
        <p className="text-sm text-muted">
          To <span className="font-mono">{DELIVERED_NUMBER}</span>, the sandbox number that is always delivered. Nothing
          leaves Kasa and nothing is charged.
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {shown && (
        <div className="rounded-md border border-slate-200 p-3 text-sm" aria-live="polite" data-testid="trial-sms">
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
