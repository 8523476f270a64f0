"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";

/** The account's lists of this mode with their sizes (kept by the database as members come and go). */
export function ContactLists({
  accountId,
  mode,
  canEdit,
}: {
  accountId: string;
  mode: "live" | "test";
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const { data } = useQuery(trpc.contacts.lists.queryOptions({ accountId, mode }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.contacts.lists.queryKey() });
  const create = useMutation(
    trpc.contacts.createList.mutationOptions({
      onSuccess: () => {
        setName("");
        void refresh();
      },
    }),
  );
  const remove = useMutation(trpc.contacts.deleteList.mutationOptions({ onSuccess: () => refresh() }));
  const error = create.error ?? remove.error;
  return (
    <Card title="Lists">
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {error.message}
        </p>
      )}
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : data.lists.length === 0 ? (
        <p className="text-sm text-muted">No lists yet: a broadcast is sent to one.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {data.lists.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 truncate">
                {l.name} <span className="text-muted">· {l.contacts.toLocaleString("en")} contacts</span>
              </span>
              {canEdit && (
                <Button
                  variant="ghost"
                  aria-label={`Delete the list ${l.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    confirm(`Delete the list ${l.name}? Its contacts stay.`) &&
                    remove.mutate({ accountId, mode, id: l.id })
                  }
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          className="mt-3 flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ accountId, mode, name });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="new-list" className="block text-xs font-medium text-slate-600">
              New list
            </label>
            <input
              id="new-list"
              value={name}
              maxLength={100}
              required
              onChange={(e) => setName(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            Create
          </Button>
        </form>
      )}
    </Card>
  );
}
