"use client";
import { useSyncExternalStore } from "react";
import { Link } from "../ui/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { ScrollRegion } from "../ui/scroll-region";
import { firstKeyOf, handOffFirstKey } from "./first-key-handoff";
import { EMAIL_TRIAL, SandboxTrial, SMS_TRIAL } from "./sandbox-trial";

const KEY_PLACEHOLDER = "kasa_test_…";
// The tab's stored key changes only through this page's own create (whose answer is shown directly).
const NO_CHANGES = () => () => {};

export function WelcomeStep({
  accountId,
  baseUrl,
  canCreateKeys,
}: {
  accountId: string;
  baseUrl: string;
  canCreateKeys: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The test key made at sign-up, kept for this tab (first-key-handoff.ts). Read after mount: the server renders
  // without it, and undefined (still reading) shows nothing rather than a flash of "make a key".
  const handedOver = useSyncExternalStore(
    NO_CHANGES,
    () => firstKeyOf(accountId),
    () => undefined,
  );
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: (made) => {
        // A key made here is the welcome's key from now on, a reload included.
        handOffFirstKey(accountId, made.key);
        return queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey({ accountId }) });
      },
    }),
  );
  const apiKey = create.data?.key ?? handedOver ?? null;
  const fromSignUp = !create.data && typeof handedOver === "string";
  const curl = `curl ${baseUrl}/api/v1/sms/send \\
  -H "Authorization: Bearer ${apiKey ?? KEY_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "+233200000001", "message": "Hello from Kasa"}'`;

  return (
    <>
      <PageHeader
        title="Welcome to Kasa"
        description="Three steps to your first message: your test key, one API call, and a text you can watch arrive. Test keys use the sandbox: nothing leaves Kasa and nothing is charged."
      />
      <div className="space-y-4">
        <Card title="1. Your test key">
          {handedOver === undefined ? (
            <p className="text-sm text-muted">Reading your key…</p>
          ) : apiKey ? (
            <div className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm" data-testid="welcome-key">
                  {apiKey}
                </code>
                <CopyButton value={apiKey} label="Copy key" />
              </div>
              <p className="text-sm text-amber-800">
                {fromSignUp ? "Made for you at sign-up. " : ""}Kasa keeps a hash, not the key: this page shows it until
                you close this tab. Copy it into your app&apos;s settings or a secret manager now.
              </p>
            </div>
          ) : (
            <div className="space-y-3 text-sm">
              <p>
                The test key made at sign-up was shown in the tab you signed up in. Make a new one to follow the steps
                below (you can revoke keys on the{" "}
                <Link className="font-medium text-brand-700 hover:underline" href={`/accounts/${accountId}/keys`}>
                  API keys
                </Link>{" "}
                page).
              </p>
              {canCreateKeys ? (
                <Button
                  type="button"
                  disabled={create.isPending}
                  onClick={() => create.mutate({ accountId, name: "Getting started", mode: "test" })}
                >
                  {create.isPending ? "Creating…" : "Create a test key"}
                </Button>
              ) : (
                <p className="text-muted">Viewers cannot make keys: ask an owner or a developer of this account.</p>
              )}
              {create.error && (
                <p role="alert" className="text-red-600">
                  {create.error.message}
                </p>
              )}
            </div>
          )}
        </Card>
        <Card title="2. Call the API" actions={<CopyButton value={curl} label="Copy command" />}>
          <ScrollRegion
            as="pre"
            label="Example request"
            className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100"
          >
            {curl}
          </ScrollRegion>
          <p className="mt-2 text-sm text-muted">
            Paste it in a terminal. The answer is the message&apos;s transaction; the{" "}
            <Link className="font-medium text-brand-700 hover:underline" href="/docs/reference">
              API reference
            </Link>{" "}
            has every endpoint.
          </p>
        </Card>
        <Card title="3. Send a test SMS and a test email from here">
          {handedOver === undefined ? null : apiKey ? (
            <div className="space-y-5">
              <SandboxTrial apiKey={apiKey} trial={SMS_TRIAL} />
              <SandboxTrial apiKey={apiKey} trial={EMAIL_TRIAL} />
            </div>
          ) : (
            <p className="text-sm text-muted">Make a test key first (step 1): the button sends with it.</p>
          )}
        </Card>
        <p className="text-sm">
          <Link className="font-medium text-brand-700 hover:underline" href={`/accounts/${accountId}`}>
            Continue to your overview →
          </Link>{" "}
          <span className="text-muted">where a checklist follows you to your first live message.</span>
        </p>
      </div>
    </>
  );
}
