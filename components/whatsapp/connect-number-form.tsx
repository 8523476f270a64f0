"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { CopyButton } from "../ui/copy-button";

/**
 * Connects a number: Kasa asks Meta with the token before keeping anything, so a wrong id or token is refused here
 * with Meta's words. The webhook URL and verify token to set in Meta's app are shown once, after.
 */
export function ConnectNumberForm({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ phone_number_id: "", waba_id: "", access_token: "", app_secret: "" });
  const connect = useMutation(
    trpc.whatsapp.connect.mutationOptions({
      onSuccess: () => {
        setForm({ phone_number_id: "", waba_id: "", access_token: "", app_secret: "" });
        return queryClient.invalidateQueries({ queryKey: trpc.whatsapp.numbers.queryKey({ accountId }) });
      },
    }),
  );
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ accountId, ...form });
  };
  const done = connect.data;
  return (
    <Card title="Connect a number" label="Connect a WhatsApp number">
      {done ? (
        <div role="status" aria-label="Connected" className="grid gap-3 text-sm">
          <p className="text-green-700">
            {done.display_phone_number} is connected. In your Meta app, under WhatsApp &gt; Configuration, set:
          </p>
          <Shown label="Callback URL" value={done.webhook_url ?? ""} />
          <Shown label="Verify token (shown this once)" value={done.verify_token} />
          <p className="text-xs text-muted">Then subscribe the webhook to the messages field.</p>
          <div>
            <Button variant="secondary" onClick={() => connect.reset()}>
              Connect another
            </Button>
          </div>
        </div>
      ) : (
        <form aria-label="Connect a number" onSubmit={submit} className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id="wa-phone-number-id"
              label="Phone number ID"
              inputMode="numeric"
              required
              value={form.phone_number_id}
              onChange={set("phone_number_id")}
            />
            <Field
              id="wa-waba-id"
              label="WhatsApp Business Account ID"
              inputMode="numeric"
              required
              value={form.waba_id}
              onChange={set("waba_id")}
            />
          </div>
          <Field
            id="wa-access-token"
            label="System user access token"
            type="password"
            autoComplete="off"
            required
            value={form.access_token}
            onChange={set("access_token")}
            hint="With whatsapp_business_messaging and whatsapp_business_management. Kept sealed, never shown again."
          />
          <Field
            id="wa-app-secret"
            label="Meta app secret"
            type="password"
            autoComplete="off"
            required
            value={form.app_secret}
            onChange={set("app_secret")}
            hint="App settings > Basic: Kasa checks Meta's webhook signatures with it."
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? "Asking Meta…" : "Connect"}
            </Button>
            {connect.error && (
              <p role="alert" className="text-sm text-red-600">
                {connect.error.message}
              </p>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}

function Shown({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-700">{label}</p>
      <div className="mt-1 flex min-w-0 items-center gap-2">
        <code className="min-w-0 truncate rounded bg-slate-100 px-2 py-1 text-xs">{value}</code>
        <CopyButton value={value} label={`Copy the ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
