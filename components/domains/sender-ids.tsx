"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { ScrollRegion } from "../ui/scroll-region";

const TONE = { approved: "green", pending: "amber", rejected: "red" } as const;

/** A chosen file as the API takes it: its name and its bytes in base64 (the server checks what they are). */
function asDocument(file: File): Promise<{ filename: string; content_base64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ filename: file.name, content_base64: String(reader.result).split(",")[1] ?? "" });
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** Alphanumeric sender IDs, applied for per market; each network of a market approves them on its own. */
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
    const files = (data.getAll("documents") as File[]).filter((f) => f.size > 0);
    if (files.length > 3) return setError("Attach at most 3 documents");
    try {
      await apply.mutateAsync({
        accountId,
        name: String(data.get("name") ?? ""),
        country,
        useCase: String(data.get("useCase") ?? "") || undefined,
        sampleMessage: String(data.get("sampleMessage") ?? "") || undefined,
        companyName: String(data.get("companyName") ?? "") || undefined,
        documents: files.length ? await Promise.all(files.map(asDocument)) : undefined,
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
        A sender ID (up to 11 letters and digits) replaces the number your recipients see. Each network of a market
        approves it on its own (in Ghana: MTN, Telecel, AT and Glo, with your company&apos;s document and a sample
        message), and a send to a number on a network that has not approved it is refused, or goes from the default
        sender when you ask for <code>sender_fallback</code>. Until one is approved (test and live keys alike), send
        without <code>from</code>.
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
          <label className="min-w-[14rem] flex-1 text-sm">
            <span className="block font-medium text-slate-700">Company name</span>
            <input
              name="companyName"
              maxLength={200}
              placeholder="Your Company Ltd"
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </label>
          <label className="w-full text-sm">
            <span className="block font-medium text-slate-700">A sample message</span>
            <input
              name="sampleMessage"
              maxLength={918}
              placeholder="Your order 1042 is on its way"
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </label>
          <label className="w-full text-sm">
            <span className="block font-medium text-slate-700">Documents (PDF, PNG or JPEG, up to 3, 5 MB each)</span>
            <input
              name="documents"
              type="file"
              multiple
              accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
              className="mt-1 block w-full text-sm"
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
        // The networks' badges make it wide: on a phone the table scrolls in its card, not the page.
        <ScrollRegion label="Sender IDs" className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <TableHead columns={["Sender ID", "Market", "Networks", "Documents", ""]} />
            <tbody className="divide-y divide-slate-100">
              {rows.map((s) => (
                <tr key={s.id} data-testid="sender-id-row">
                  <td className="px-4 py-2 font-mono text-xs">{s.name}</td>
                  <td className="px-4 py-2 text-xs">{s.country}</td>
                  <td className="px-4 py-2">
                    {s.networks.length === 0 ? (
                      <Badge tone={TONE[s.status as keyof typeof TONE] ?? "slate"}>{s.status}</Badge>
                    ) : (
                      <ul className="flex flex-wrap gap-1" aria-label={`${s.name} by network`}>
                        {s.networks.map((n) => (
                          <li key={n.network} data-testid={`sender-network-${n.network}`} title={n.reason ?? undefined}>
                            <Badge tone={TONE[n.status as keyof typeof TONE] ?? "slate"}>
                              {n.name}: {n.status}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    )}
                    {s.networks.some((n) => n.reason) && (
                      <p className="mt-1 text-xs text-muted">
                        {s.networks
                          .filter((n) => n.reason)
                          .map((n) => `${n.name}: ${n.reason}`)
                          .join("; ")}
                      </p>
                    )}
                  </td>
                  <td className="px-4 py-2 text-xs">
                    {s.documents.map((d) => (
                      <a
                        key={d.id}
                        href={`/documents/sender-ids/${d.id}`}
                        download
                        className="block text-brand-700 hover:underline"
                      >
                        {d.filename}
                      </a>
                    ))}
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
        </ScrollRegion>
      )}
    </Card>
  );
}
