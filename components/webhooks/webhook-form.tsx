"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { EVENT_DESCRIPTIONS, eventsByChannel } from "@/server/modules/webhooks/events";

const CHANNEL_NAMES: Record<string, string> = {
  email: "Email",
  sms: "SMS",
  data: "Data bundles",
  airtime: "Airtime",
  balance: "Balance",
};
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Field } from "../ui/field";
import { CopyButton } from "../ui/copy-button";

export function WebhookForm({
  accountId,
  current,
  onSaved,
}: {
  accountId: string;
  current: { url: string; events: string[]; mode: "both" | "live" | "test" } | null;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const [all, setAll] = useState(current ? current.events.includes("*") : true);
  const [events, setEvents] = useState<Set<string>>(new Set(current?.events.filter((e) => e !== "*") ?? []));
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  const register = useMutation(trpc.webhooks.register.mutationOptions());
  // An endpoint that exists is edited in place: its secret stays (the Rotate button issues a new one).
  const update = useMutation(trpc.webhooks.update.mutationOptions());
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const input = {
      accountId,
      url: String(form.get("url") ?? ""),
      events: all ? ["*"] : [...events],
      mode: String(form.get("mode") ?? "both") as "both",
    };
    try {
      if (current) {
        await update.mutateAsync(input);
        // A secret shown when the endpoint was added is not shown again.
        setSecret(undefined);
        setSaved(true);
      } else setSecret((await register.mutateAsync(input)).secret);
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <Card title={current ? "Endpoint" : "Add an endpoint"}>
      <form onSubmit={onSubmit} aria-label="Webhook endpoint" className="space-y-4">
        <Field
          id="webhook-url"
          name="url"
          label="HTTPS URL"
          placeholder="https://api.yourcompany.com/kasa/webhooks"
          defaultValue={current?.url}
        />
        <div>
          <label htmlFor="webhook-mode" className="block text-sm font-medium text-slate-700">
            Receive events of
          </label>
          <select
            id="webhook-mode"
            name="mode"
            defaultValue={current?.mode ?? "both"}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
          >
            <option value="both">Live and test keys</option>
            <option value="live">Live keys only</option>
            <option value="test">Test keys only</option>
          </select>
          <p className="mt-1 text-xs text-muted">
            Every payload says which in <code>data.livemode</code>.
          </p>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          {/* The whole label is the tap target (24 px high at least); its text is one flex item so it wraps as a sentence. */}
          <label className="mt-2 flex min-h-6 items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" checked={all} onChange={() => setAll(!all)} />
            <span>
              All events (<code>*</code>), including ones added later
            </span>
          </label>
          {!all && (
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              {eventsByChannel().map((group) => (
                <fieldset key={group.channel}>
                  <legend className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {CHANNEL_NAMES[group.channel] ?? group.channel}
                  </legend>
                  <ul className="mt-1 space-y-1">
                    {group.events.map((name) => (
                      <li key={name}>
                        <label className="flex min-h-6 items-start gap-2 text-xs">
                          <input
                            type="checkbox"
                            aria-label={name}
                            className="mt-0.5 h-4 w-4 shrink-0"
                            checked={events.has(name)}
                            onChange={() => {
                              const next = new Set(events);
                              if (next.has(name)) next.delete(name);
                              else next.add(name);
                              setEvents(next);
                            }}
                          />
                          <span>
                            <span className="font-mono">{name}</span>
                            <span className="block text-slate-600">{EVENT_DESCRIPTIONS[name]}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ))}
            </div>
          )}
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" disabled={register.isPending || update.isPending}>
          {current ? "Save changes" : "Add endpoint"}
        </Button>
        <p role="status" className="text-sm text-green-700">
          {saved && "Saved. The signing secret is unchanged."}
        </p>
      </form>
      {secret && (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">Signing secret: shown once</p>
          <div className="mt-2 flex items-center gap-2">
            <code data-testid="webhook-secret" className="break-all">
              {secret}
            </code>
            <CopyButton value={secret} label="Copy secret" />
          </div>
        </div>
      )}
    </Card>
  );
}
