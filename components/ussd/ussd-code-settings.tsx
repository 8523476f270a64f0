"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { CopyButton } from "../ui/copy-button";
import type { UssdCodeRow } from "./ussd-types";

/** One code's app: where Kasa posts each screen, how long it waits, what the subscriber reads when the app fails. */
export function UssdCodeSettings({ accountId, codes }: { accountId: string; codes: UssdCodeRow[] }) {
  const [chosen, setChosen] = useState(codes[0]?.id);
  const code = codes.find((c) => c.id === chosen) ?? codes[0];
  if (!code) return null;
  return (
    <Card title="Your codes" label="Your USSD codes">
      {codes.length > 1 && (
        <div role="group" aria-label="Code" className="mb-4 flex flex-wrap gap-2">
          {codes.map((c) => (
            <Button key={c.id} variant={c.id === code.id ? "primary" : "secondary"} onClick={() => setChosen(c.id)}>
              {c.service_code}
            </Button>
          ))}
        </div>
      )}
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono text-base font-semibold" data-testid="ussd-code">
          {code.service_code}
        </span>
        <Badge tone={code.mode === "live" ? "green" : "blue"}>{code.mode}</Badge>
        <span className="text-muted">
          {code.kind === "sandbox" ? "sandbox: test keys and this page's phone" : code.kind}
        </span>
      </p>
      <SettingsForm key={code.id} accountId={accountId} code={code} />
      <TestCallback key={`test-${code.id}`} accountId={accountId} code={code} />
      <div className="mt-4 text-sm">
        <p className="font-medium text-slate-700">Signing secret</p>
        <p className="mt-1 text-xs text-muted">
          Each callback is signed with it (webhook-signature, X-Service-Signature): check it with the SDK&apos;s
          verifyUssdCallback.
        </p>
        <div className="mt-1 flex items-center gap-2">
          <code className="truncate rounded bg-slate-100 px-2 py-1 text-xs">
            whsec_…{code.signing_secret.slice(-4)}
          </code>
          <CopyButton value={code.signing_secret} label="Copy the signing secret" />
        </div>
      </div>
    </Card>
  );
}

function SettingsForm({ accountId, code }: { accountId: string; code: UssdCodeRow }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [callbackUrl, setCallbackUrl] = useState(code.callback_url ?? "");
  const [timeoutMs, setTimeoutMs] = useState(String(code.timeout_ms));
  const [failureText, setFailureText] = useState(code.failure_text);
  const save = useMutation(
    trpc.ussd.updateCode.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.ussd.codes.queryKey({ accountId }) }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      accountId,
      id: code.id,
      callback_url: callbackUrl.trim() === "" ? null : callbackUrl.trim(),
      timeout_ms: Number(timeoutMs),
      failure_text: failureText,
    });
  };
  return (
    <form aria-label="Callback settings" onSubmit={submit} className="mt-4 grid gap-3">
      <Field
        id="ussd-callback-url"
        label="Your app's URL"
        type="url"
        placeholder="https://app.example.com/ussd"
        value={callbackUrl}
        onChange={(e) => setCallbackUrl(e.target.value)}
        hint="https, on a public address: Kasa POSTs sessionId, serviceCode, phoneNumber, networkCode and text."
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="ussd-timeout"
          label="Time to answer (ms)"
          type="number"
          min={1000}
          max={8000}
          step={100}
          value={timeoutMs}
          onChange={(e) => setTimeoutMs(e.target.value)}
        />
        <Field
          id="ussd-failure-text"
          label="Shown when your app fails"
          maxLength={182}
          value={failureText}
          onChange={(e) => setFailureText(e.target.value)}
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
        {save.isSuccess && !save.isPending && (
          <p role="status" className="text-sm text-green-700">
            Saved.
          </p>
        )}
        {save.error && (
          <p role="alert" className="text-sm text-red-600">
            {save.error.message}
          </p>
        )}
      </div>
    </form>
  );
}

/** One signed callback to the saved app, as a dial: what a subscriber would read first, and how long it took. */
function TestCallback({ accountId, code }: { accountId: string; code: UssdCodeRow }) {
  const trpc = useTRPC();
  const test = useMutation(trpc.ussd.testCallback.mutationOptions());
  const result = test.data;
  return (
    <div className="mt-4 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={test.isPending || !code.callback_url}
          onClick={() => test.mutate({ accountId, id: code.id })}
        >
          Test your app
        </Button>
        <span className="text-xs text-muted">
          {code.callback_url
            ? "Sends a signed dial (text empty) to the saved URL; nothing is stored."
            : "Save a URL first."}
        </span>
      </div>
      {test.error && (
        <p role="alert" className="mt-2 text-red-600">
          {test.error.message}
        </p>
      )}
      {result && !test.isPending && (
        <div role="status" aria-label="Test result" className="mt-2 rounded border border-slate-200 p-3">
          <p className={result.ok ? "text-green-700" : "text-red-700"}>
            {result.ok
              ? `Your app answered ${result.continues ? "CON" : "END"} in ${result.ms} ms. A subscriber reads:`
              : `Your app failed (${result.reason}: ${result.detail}) after ${result.ms} ms. A subscriber reads your failure text:`}
          </p>
          <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs">{result.screen}</pre>
        </div>
      )}
    </div>
  );
}
