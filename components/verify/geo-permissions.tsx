"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

/** The countries codes may go to (geo-permissions): a code to any other is refused with reason geo_permission. */
export function GeoPermissions({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.verify.geo.queryOptions({ accountId }));
  const [editing, setEditing] = useState<Set<string> | null>(null);
  const [search, setSearch] = useState("");
  const save = useMutation(
    trpc.verify.setGeo.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.verify.geo.queryKey() });
        setEditing(null);
      },
    }),
  );
  const names = new Map(data?.all.map((c) => [c.iso, c.name]));
  return (
    <Card
      title="Countries"
      actions={
        canEdit && data && !editing ? (
          <Button variant="secondary" onClick={() => setEditing(new Set(data.countries))}>
            Edit
          </Button>
        ) : undefined
      }
    >
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ accountId, countries: [...editing] });
          }}
        >
          <Field
            id="verify-country-search"
            label="Find a country"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <fieldset className="mt-3 max-h-64 overflow-y-auto rounded-md border border-slate-200 p-2">
            <legend className="sr-only">Countries Verify may send codes to</legend>
            {data.all
              .filter((c) => c.name.toLowerCase().includes(search.trim().toLowerCase()))
              .map((c) => (
                <label key={c.iso} className="flex items-center gap-2 px-1 py-0.5 text-sm">
                  <input
                    type="checkbox"
                    checked={editing.has(c.iso)}
                    onChange={(e) => {
                      const next = new Set(editing);
                      if (e.target.checked) next.add(c.iso);
                      else next.delete(c.iso);
                      setEditing(next);
                    }}
                  />
                  {c.name}
                </label>
              ))}
          </fieldset>
          {save.error && (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {save.error.message}
            </p>
          )}
          <div className="mt-3 flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              Save {editing.size} {editing.size === 1 ? "country" : "countries"}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">
            {data.isDefault
              ? "The default: the countries of Kasa's local African route. Choose your own to send codes anywhere else."
              : "Chosen for this account. Codes to any other country are refused (403, reason geo_permission)."}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Countries codes may go to">
            {data.countries.map((iso) => (
              <li key={iso} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {names.get(iso) ?? iso}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
