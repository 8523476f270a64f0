"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";

/** Phone numbers usable as `from`: we text a code to the number, you type it here. */
export function VerifiedNumbers({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const senders = useQuery(trpc.senders.list.queryOptions({ accountId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.senders.list.queryKey({ accountId }) });
  const start = useMutation(trpc.senders.startNumber.mutationOptions({ onSuccess: refresh }));
  const confirm = useMutation(trpc.senders.confirmNumber.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.senders.removeNumber.mutationOptions({ onSuccess: refresh }));
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();

  async function onStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(undefined);
    setNote(undefined);
    try {
      const started = await start.mutateAsync({ accountId, number: String(new FormData(form).get("number") ?? "") });
      setNote(started.code_sent ? `We texted a code to ${started.number.number}.` : started.note);
      form.reset();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    setError(undefined);
    try {
      await confirm.mutateAsync({ accountId, id, code: String(new FormData(event.currentTarget).get("code") ?? "") });
      setNote(undefined);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const rows = senders.data?.numbers ?? [];
  return (
    <Card title="Verified phone numbers" className="mt-8">
      <p className="mb-3 text-sm text-slate-600">
        To send from your own number, prove it is yours: we text it a 6-digit code that lasts 10 minutes.
      </p>
      {canManage && (
        <form onSubmit={onStart} aria-label="Verify a phone number" className="mb-4 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block font-medium text-slate-700">Phone number (E.164)</span>
            <input
              name="number"
              required
              placeholder="+233201234567"
              className="mt-1 w-48 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </label>
          <Button type="submit" disabled={start.isPending}>
            Send code
          </Button>
        </form>
      )}
      {note && (
        <p role="status" className="mb-3 text-sm text-slate-600">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {error}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No phone numbers yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <TableHead columns={["Number", "Status", "", ""]} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((n) => (
              <tr key={n.id} data-testid="number-row">
                <td className="px-4 py-2 font-mono text-xs">{n.number}</td>
                <td className="px-4 py-2">
                  <Badge tone={n.status === "verified" ? "green" : "amber"}>{n.status}</Badge>
                </td>
                <td className="px-4 py-2">
                  {n.status === "pending" && canManage && (
                    <form
                      onSubmit={(e) => onConfirm(e, n.id)}
                      aria-label={`Confirm ${n.number}`}
                      className="flex items-center gap-2"
                    >
                      <input
                        name="code"
                        required
                        inputMode="numeric"
                        maxLength={6}
                        placeholder="123456"
                        aria-label="Code"
                        className="w-24 rounded-md border border-slate-300 px-2 py-1 text-sm"
                      />
                      <Button type="submit" variant="secondary" disabled={confirm.isPending}>
                        Confirm
                      </Button>
                    </form>
                  )}
                </td>
                <td className="px-4 py-2 text-right">
                  {canManage && (
                    <Button variant="ghost" onClick={() => remove.mutate({ accountId, id: n.id })}>
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
