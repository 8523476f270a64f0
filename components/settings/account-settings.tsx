"use client";
import type { FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Field } from "../ui/field";
import { Button } from "../ui/button";

/** The account's name (owners change it) and its plan (support changes it: plans are priced by contract). */
export function AccountSettings({
  accountId,
  isOwner,
  supportEmail,
}: {
  accountId: string;
  isOwner: boolean;
  /** KASA_SUPPORT_EMAIL: where to write; null when the deployment names none. */
  supportEmail: string | null;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const overview = useQuery(trpc.account.overview.queryOptions({ accountId }));
  const rename = useMutation(
    trpc.account.rename.mutationOptions({
      // The name is also in the sidebar, which the server renders.
      onSuccess: () => router.refresh(),
    }),
  );
  const account = overview.data;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate({ accountId, name: String(new FormData(event.currentTarget).get("name")) });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Account name">
        {account && (
          <form onSubmit={onSubmit} aria-label="Account name" className="space-y-3">
            <Field
              id="account-name"
              name="name"
              label="Name"
              defaultValue={account.name}
              required
              maxLength={100}
              disabled={!isOwner}
              hint={isOwner ? "Shown to your team and on statements." : "Only an owner can rename the account."}
              error={rename.error?.message}
            />
            {isOwner && (
              <Button type="submit" disabled={rename.isPending}>
                Save
              </Button>
            )}
            <p role="status" className="text-sm text-green-700">
              {rename.isSuccess && "Saved."}
            </p>
          </form>
        )}
      </Card>
      <Card title="Plan">
        {account && (
          <>
            <p className="text-2xl font-semibold" data-testid="plan-name">
              {account.plan.name}
            </p>
            <p className="mt-2 text-sm text-slate-600">
              The plan sets your rate limits (see Usage). Plans are agreed with Kasa:{" "}
              {isOwner ? "to change yours, write to " : "an owner can ask "}
              {supportEmail ? (
                <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
              ) : (
                "whoever runs this deployment"
              )}
              {isOwner ? " from the address you sign in with." : " to change it."}
            </p>
            <p className="mt-2 font-mono text-xs text-slate-600">Account id {accountId}</p>
          </>
        )}
      </Card>
    </div>
  );
}
