"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Button } from "../ui/button";
import { DomainCard } from "./domain-card";
import { SuppressionList } from "./suppression-list";
import { SenderIds } from "./sender-ids";
import { VerifiedNumbers } from "./verified-numbers";
import { LoadingBlock } from "../ui/loading-block";

export function DomainsPanel({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const domains = useQuery(trpc.domains.list.queryOptions({ accountId }));
  // The sections below read these same queries from the cache: the page appears once, whole, instead of growing.
  const late = [
    useQuery(trpc.suppressions.list.queryOptions({ accountId })),
    useQuery(trpc.senders.list.queryOptions({ accountId })),
    useQuery(trpc.senders.markets.queryOptions({ accountId })),
  ];
  const loading = domains.isPending || late.some((q) => q.isPending);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.domains.list.queryKey({ accountId }) });
  const add = useMutation(trpc.domains.add.mutationOptions({ onSuccess: refresh }));
  const [error, setError] = useState<string>();

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(undefined);
    try {
      await add.mutateAsync({ accountId, name: String(new FormData(form).get("name") ?? "") });
      form.reset();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <>
      <PageHeader
        title="Domains & senders"
        description="Email goes out only from domains you have verified: add a domain, publish its DNS records (DKIM, and the MX and SPF of its bounce host, are required), then verify; the primary domain is the default sender. SMS goes out from sender IDs approved per market, or from phone numbers you have verified."
      />
      {canManage && (
        <form
          onSubmit={onAdd}
          aria-label="Add a domain"
          className="mb-6 flex flex-wrap items-start gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <label className="sr-only" htmlFor="domain-name">
            Domain
          </label>
          <input
            id="domain-name"
            name="name"
            placeholder="mail.yourcompany.com"
            className="w-72 rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add domain"}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-600">
              {error}
            </p>
          )}
        </form>
      )}
      {loading ? (
        <LoadingBlock className="h-screen" />
      ) : (
        <>
          {domains.data?.length === 0 && <p className="text-sm text-slate-600">No domains yet.</p>}
          <div className="space-y-4">
            {domains.data?.map((domain) => (
              <DomainCard
                key={domain.id}
                accountId={accountId}
                domain={domain}
                canManage={canManage}
                onChange={refresh}
              />
            ))}
          </div>
          <SuppressionList accountId={accountId} canManage={canManage} />
          <SenderIds accountId={accountId} canManage={canManage} />
          <VerifiedNumbers accountId={accountId} canManage={canManage} />
        </>
      )}
    </>
  );
}
