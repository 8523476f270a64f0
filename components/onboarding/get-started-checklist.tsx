"use client";
import { Link } from "../ui/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import type { GetStartedStep } from "@/server/modules/onboarding/get-started-checklist";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";

const STEP_TEXT: Record<GetStartedStep, { title: string; how: string; href: (accountId: string) => string }> = {
  api_key: {
    title: "Get an API key",
    how: "Copy your test key from the welcome step, or make one.",
    href: (a) => `/accounts/${a}/get-started`,
  },
  test_sms: {
    title: "Send a test SMS",
    how: "One call with the test key; the sandbox reports it delivered.",
    href: (a) => `/accounts/${a}/get-started`,
  },
  test_email: {
    title: "Send a test email",
    how: "One click on the welcome step: test keys send from onboarding@sandbox.kasa.dev, no domain needed.",
    href: (a) => `/accounts/${a}/get-started`,
  },
  domain: {
    title: "Verify a sender domain",
    how: "Add its DNS records so live mail is signed as yours.",
    href: (a) => `/accounts/${a}/domains`,
  },
  webhook: {
    title: "Receive a webhook",
    how: "Register an endpoint and get one delivery through.",
    href: (a) => `/accounts/${a}/webhooks`,
  },
  top_up: {
    title: "Top up your balance",
    how: "Live messages are paid from a prepaid balance.",
    href: (a) => `/accounts/${a}/billing`,
  },
  live_send: {
    title: "Send your first live message",
    how: "The same call with your live key reaches a real phone or inbox.",
    href: (a) => `/accounts/${a}/keys`,
  },
};

/** The Overview's "Get started" card: each step ticked from what the account did (get-started-checklist.ts). */
export function GetStartedChecklist({ accountId, canSend }: { accountId: string; canSend: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.onboarding.checklist.queryKey({ accountId });
  const { data } = useQuery(trpc.onboarding.checklist.queryOptions({ accountId }, { refetchInterval: 5_000 }));
  const setHidden = useMutation(
    trpc.onboarding.setHidden.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey }) }),
  );
  const testEvent = useMutation(
    trpc.webhooks.sendTest.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey }) }),
  );
  if (!data || data.hidden) return null;
  const doneCount = data.steps.filter((s) => s.done).length;
  return (
    <Card
      title={`Get started: ${doneCount} of ${data.steps.length} done`}
      label="Get started"
      className="mb-4"
      actions={
        <Button
          type="button"
          variant="ghost"
          className="text-xs"
          onClick={() => setHidden.mutate({ accountId, hidden: true })}
        >
          Hide
        </Button>
      }
    >
      <ol className="divide-y divide-slate-100">
        {data.steps.map((step) => {
          const text = STEP_TEXT[step.id];
          return (
            <li key={step.id} className="flex flex-wrap items-center gap-3 py-2" data-testid={`step-${step.id}`}>
              {step.done ? (
                <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0 text-emerald-600" />
              ) : (
                <Circle aria-hidden className="h-5 w-5 shrink-0 text-muted" />
              )}
              <div className="min-w-0 flex-1">
                <p className={`text-sm font-medium ${step.done ? "text-muted" : "text-slate-900"}`}>
                  {step.done ? (
                    <>
                      {text.title}
                      <span className="sr-only"> (done)</span>
                    </>
                  ) : (
                    <Link href={text.href(accountId)} className="hover:underline">
                      {text.title}
                      <span className="sr-only"> (to do)</span>
                    </Link>
                  )}
                </p>
                {!step.done && <p className="text-xs text-muted">{text.how}</p>}
              </div>
              {step.id === "webhook" && !step.done && data.hasWebhookEndpoint && canSend && (
                <Button
                  type="button"
                  variant="secondary"
                  className="text-xs"
                  disabled={testEvent.isPending}
                  onClick={() => testEvent.mutate({ accountId })}
                >
                  {testEvent.isSuccess ? "Test event queued" : "Send a test event"}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {data.done && <p className="mt-2 text-sm text-emerald-700">All done: Kasa is part of your product now.</p>}
    </Card>
  );
}
