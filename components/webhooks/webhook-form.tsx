"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { WEBHOOK_EVENTS } from "@/server/modules/webhooks/events";
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    try {
      const saved = await register.mutateAsync({
        accountId,
        url: String(new FormData(event.currentTarget).get("url") ?? ""),
        events: all ? ["*"] : [...events],
        mode: String(new FormData(event.currentTarget).get("mode") ?? "both") as "both",
      });
      setSecret(saved.secret);
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
          <p className="mt-1 text-xs text-slate-500">
            Every payload says which in <code>data.livemode</code>.
          </p>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={all} onChange={() => setAll(!all)} /> All events (<code>*</code>), including
            ones added later
          </label>
          {!all && (
            <div className="mt-2 grid gap-1 sm:grid-cols-3">
              {WEBHOOK_EVENTS.map((name) => (
                <label key={name} className="flex items-center gap-2 font-mono text-xs">
                  <input
                    type="checkbox"
                    aria-label={name}
                    checked={events.has(name)}
                    onChange={() => {
                      const next = new Set(events);
                      if (next.has(name)) next.delete(name);
                      else next.add(name);
                      setEvents(next);
                    }}
                  />{" "}
                  {name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" disabled={register.isPending}>
          {current ? "Save and issue a new secret" : "Add endpoint"}
        </Button>
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
