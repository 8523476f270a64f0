"use client";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { SelectField } from "../ui/select-field";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Pager } from "../ui/pager";
import { TableHead } from "../ui/table-head";
import { DATE_ONLY } from "../ui/format-time";
import { ConsentBadges } from "./consent-badges";

type Mode = "live" | "test";

/** Contacts, newest first, 50 a page: searched by number, email or name, filtered by list. */
export function ContactsTable({
  accountId,
  mode,
  listId,
  onListChange,
  canEdit,
}: {
  accountId: string;
  mode: Mode;
  listId: string | undefined;
  onListChange: (id: string | undefined) => void;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState<string | undefined>();
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const cursor = pages.at(-1);
  const { data, error } = useQuery(trpc.contacts.list.queryOptions({ accountId, mode, list_id: listId, q, cursor }));
  const { data: lists } = useQuery(trpc.contacts.lists.queryOptions({ accountId, mode }));
  const remove = useMutation(
    trpc.contacts.delete.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.contacts.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.contacts.lists.queryKey() });
      },
    }),
  );
  const listName = new Map(lists?.lists.map((l) => [l.id, l.name]));
  type Row = NonNullable<typeof data>["contacts"][number];
  const listsOf = (c: Row) => c.lists.map((id) => listName.get(id) ?? id).join(", ") || "no list";
  const subscriptions = (c: Row) => (
    <>
      {c.phone && <Badge tone={c.subscribed.sms ? "green" : "red"}>{c.subscribed.sms ? "SMS" : "SMS: STOP"}</Badge>}{" "}
      {c.email && (
        <Badge tone={c.subscribed.email ? "green" : "red"}>{c.subscribed.email ? "Email" : "Email: left"}</Badge>
      )}
    </>
  );
  const deleteButton = (c: Row, name: string) =>
    canEdit && (
      <Button
        variant="ghost"
        disabled={remove.isPending}
        aria-label={`Delete ${name || c.phone || c.email}`}
        onClick={() => {
          if (confirm(`Delete ${name || c.phone || c.email}? Their opt-outs are kept.`))
            remove.mutate({ accountId, mode, id: c.id });
        }}
      >
        Delete
      </Button>
    );
  // The list filtered by was deleted (here or elsewhere): back to all contacts rather than a NOT_FOUND to stare at.
  const gone = Boolean(listId && lists && !listName.has(listId));
  useEffect(() => {
    if (gone) onListChange(undefined);
  }, [gone, onListChange]);
  return (
    <Card title="People">
      <form
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim() || undefined);
          setPages([undefined]);
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="contact-search" className="block text-xs font-medium text-slate-600">
            Search
          </label>
          <input
            id="contact-search"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="+233 24 123 4567, ama@, Ama Men…"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
          />
        </div>
        <SelectField
          id="contact-list"
          label="List"
          className=""
          value={listId ?? ""}
          onChange={(e) => {
            onListChange(e.target.value || undefined);
            setPages([undefined]);
          }}
        >
          <option value="">All contacts</option>
          {lists?.lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.contacts.toLocaleString("en")})
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {error.message}
        </p>
      )}
      {remove.error && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {remove.error.message}
        </p>
      )}
      {!data ? (
        !error && <p className="text-sm text-muted">Loading…</p>
      ) : data.contacts.length === 0 ? (
        <p className="text-sm text-muted">
          {q || listId
            ? "No contact matches."
            : `No ${mode} contacts yet. Import a CSV, or POST /api/v1/contacts with a ${mode} key.`}
        </p>
      ) : (
        <>
          {/* On a phone each contact is a block with everything on it; from md up, the table. */}
          <ul className="divide-y divide-slate-100 md:hidden" aria-label="Contacts">
            {data.contacts.map((c) => {
              const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
              return (
                <li key={c.id} className="space-y-1 py-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-medium">{name || <span className="text-muted">No name</span>}</span>
                    {deleteButton(c, name)}
                  </div>
                  {c.phone && <p className="font-mono text-xs">{c.phone}</p>}
                  {c.email && <p className="break-all text-xs">{c.email}</p>}
                  <p className="flex flex-wrap items-center gap-1 text-xs text-muted">
                    {subscriptions(c)} · {listsOf(c)} · added {DATE_ONLY.format(new Date(c.created_at))}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-xs">
                    <ConsentBadges contact={c} accountId={accountId} mode={mode} canEdit={canEdit} />
                  </p>
                </li>
              );
            })}
          </ul>
          <table className="hidden w-full text-sm md:table">
            <TableHead columns={["Name", "Phone", "Email", "Lists", "Subscribed", "Consent", "Added", ""]} />
            <tbody className="divide-y divide-slate-100">
              {data.contacts.map((c) => {
                const name = [c.first_name, c.last_name].filter(Boolean).join(" ");
                return (
                  <tr key={c.id}>
                    <td className="px-4 py-2">{name || <span className="text-muted">—</span>}</td>
                    <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{c.phone ?? "—"}</td>
                    <td className="break-all px-4 py-2 text-xs">{c.email ?? "—"}</td>
                    <td className="px-4 py-2 text-xs">{listsOf(c)}</td>
                    <td className="whitespace-nowrap px-4 py-2">{subscriptions(c)}</td>
                    <td className="px-4 py-2">
                      <div className="flex flex-col items-start gap-1">
                        <ConsentBadges contact={c} accountId={accountId} mode={mode} canEdit={canEdit} />
                      </div>
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-xs">{DATE_ONLY.format(new Date(c.created_at))}</td>
                    <td className="px-4 py-2 text-right">{deleteButton(c, name)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      <Pager pages={pages} next={data?.next_cursor} onChange={setPages} />
    </Card>
  );
}
