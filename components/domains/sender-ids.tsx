"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";

const TONE = { approved: "green", pending: "amber", rejected: "red" } as const;

/** Alphanumeric sender IDs, applied for per market (carriers approve them country by country). */
export function SenderIds({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const senders = useQuery(trpc.senders.list.queryOptions({ accountId }));
  const markets = useQuery(trpc.senders.markets.queryOptions({ accountId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.senders.list.queryKey({ accountId }) });
  const apply = useMutation(trpc.senders.applySenderId.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.senders.removeSenderId.mutationOptions({ onSuccess: refresh }));
  const [error, setError] = useState<string>();
  // Controlled: a form reset must not jump back to the first market in the list.
  const [country, setCountry] = useState("GH");

  async function onApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(undefined);
    try {
      await apply.mutateAsync({
        accountId,
        name: String(data.get("name") ?? ""),
        country,
        useCase: String(data.get("useCase") ?? "") || undefined,
      });
      form.reset();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const rows = senders.data?.sender_ids ?? [];
  return (
    <Card title="SMS sender IDs" className="mt-8">
      <p className="mb-3 text-sm text-slate-600">
        A sender ID (up to 11 letters and digits) replaces the number your recipients see. Carriers approve them per
        country: apply for each market you send to. Until one is approved there (test and live keys alike), send without{" "}
        <code>from</code>.
      </p>
      {canManage && (
        <form onSubmit={onApply} aria-label="Apply for a sender ID" className="mb-4 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block font-medium text-slate-700">Sender ID</span>
            <input
              name="name"
              required
              maxLength={11}
              placeholder="YourBrand"
              className="mt-1 w-36 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </label>
          <label className="text-sm">
            <span className="block font-medium text-slate-700">Country</span>
            <select
              name="country"
              required
              value={country}
              onChange={(e) => setCountry(e.target.value)}
              className="mt-1 w-48 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            >
              {markets.data?.map((m) => (
                <option key={m.iso} value={m.iso}>
                  {m.name} ({m.iso})
                </option>
              ))}
            </select>
          </label>
          <label className="min-w-[14rem] flex-1 text-sm">
            <span className="block font-medium text-slate-700">What you send with it</span>
            <input
              name="useCase"
              placeholder="Order confirmations and delivery updates"
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </label>
          <Button type="submit" disabled={apply.isPending}>
            Apply
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-600">
              {error}
            </p>
          )}
        </form>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No sender IDs yet: messages go out from the default sender.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <TableHead columns={["Sender ID", "Market", "Status", "Note", ""]} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((s) => (
              <tr key={s.id} data-testid="sender-id-row">
                <td className="px-4 py-2 font-mono text-xs">{s.name}</td>
                <td className="px-4 py-2 text-xs">{s.country}</td>
                <td className="px-4 py-2">
                  <Badge tone={TONE[s.status as keyof typeof TONE] ?? "slate"}>{s.status}</Badge>
                </td>
                <td className="max-w-xs truncate px-4 py-2 text-xs text-muted">
                  {s.decision_note ?? s.use_case ?? ""}
                </td>
                <td className="px-4 py-2 text-right">
                  {canManage && (
                    <Button variant="ghost" onClick={() => remove.mutate({ accountId, id: s.id })}>
                      Remove
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
