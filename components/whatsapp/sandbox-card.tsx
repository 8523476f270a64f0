"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { SelectField } from "../ui/select-field";

/**
 * The sandbox (test mode): Kasa's own number, no Meta account. Before it is in use, one button; after, a form that
 * sends one of its approved templates as a test key would (free; delivered, then read, a moment later).
 */
export function SandboxCard({ accountId, sandboxId }: { accountId: string; sandboxId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const use = useMutation(
    trpc.whatsapp.useSandbox.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.whatsapp.numbers.queryKey({ accountId }) }),
    }),
  );
  return (
    <Card title="Sandbox" label="WhatsApp sandbox">
      {sandboxId ? (
        <SendTestForm accountId={accountId} sandboxId={sandboxId} />
      ) : (
        <div className="grid gap-3 text-sm">
          <p className="text-muted">
            Try WhatsApp before you connect Meta: Kasa&apos;s sandbox number sends its own approved templates, free, and
            reports them delivered and read as Meta would. Test keys send from it.
          </p>
          <div>
            <Button onClick={() => use.mutate({ accountId })} disabled={use.isPending}>
              Use the sandbox number
            </Button>
          </div>
          {use.error && (
            <p role="alert" className="text-sm text-red-600">
              {use.error.message}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

function SendTestForm({ accountId, sandboxId }: { accountId: string; sandboxId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(
    trpc.whatsapp.templates.queryOptions({ accountId, number_id: sandboxId, status: "APPROVED" }),
  );
  const [to, setTo] = useState("+233200000001");
  const [name, setName] = useState("kasa_order_update");
  const [variables, setVariables] = useState<string[]>([]);
  const template = templates.data?.templates.find((t) => t.name === name);
  const send = useMutation(
    trpc.whatsapp.sendTest.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.whatsapp.conversations.queryKey() }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = Array.from({ length: template?.variables ?? 0 }, (_, i) => variables[i] ?? "");
    send.mutate({ accountId, to, template: { name, language: template?.language ?? "en", variables: filled } });
  };
  return (
    <form aria-label="Send a test message" onSubmit={submit} className="grid gap-3 text-sm">
      <p className="text-muted">Sends from the sandbox number, free; it shows in Test conversations below.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="wa-test-to" label="To" required value={to} onChange={(e) => setTo(e.target.value)} />
        <SelectField
          id="wa-test-template"
          label="Template"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setVariables([]);
          }}
        >
          {(templates.data?.templates ?? []).map((t) => (
            <option key={`${t.name}-${t.language}`} value={t.name}>
              {t.name} ({t.category})
            </option>
          ))}
        </SelectField>
      </div>
      {template?.body && <p className="rounded bg-slate-50 px-3 py-2 text-slate-700">{template.body}</p>}
      {Array.from({ length: template?.variables ?? 0 }, (_, i) => (
        <Field
          key={`${name}-${i}`}
          id={`wa-test-var-${i + 1}`}
          label={`Variable {{${i + 1}}}`}
          required
          value={variables[i] ?? ""}
          onChange={(e) => setVariables(Object.assign([...variables], { [i]: e.target.value }))}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={send.isPending || !template}>
          {send.isPending ? "Sending…" : "Send template"}
        </Button>
        {send.data && (
          <p role="status" className="text-green-700">
            Sent to {send.data.to}: {send.data.status}
          </p>
        )}
        {send.error && (
          <p role="alert" className="text-red-600">
            {send.error.message}
          </p>
        )}
      </div>
    </form>
  );
}
