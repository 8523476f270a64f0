"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { SelectField } from "../ui/select-field";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { ImportPreview } from "./import-preview";

/**
 * A CSV import in two steps: the preview (what each column becomes, the first rows as they will be stored, and every
 * row that will be left out, with why), then the import itself, all good rows or none.
 */
export function ImportContacts({ accountId, mode }: { accountId: string; mode: "live" | "test" }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState("");
  const [listId, setListId] = useState("");
  const { data: lists } = useQuery(trpc.contacts.lists.queryOptions({ accountId, mode }));
  const preview = useMutation(trpc.contacts.previewImport.mutationOptions());
  const run = useMutation(
    trpc.contacts.import.mutationOptions({
      onSuccess: () => {
        preview.reset();
        void queryClient.invalidateQueries({ queryKey: trpc.contacts.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.contacts.lists.queryKey() });
      },
    }),
  );
  const input = { accountId, mode, csv, list_id: listId || undefined };
  const change = (text: string) => {
    setCsv(text);
    preview.reset();
    run.reset();
  };
  const error = preview.error ?? run.error;
  return (
    <Card title="Import a CSV">
      <p className="mb-3 text-sm text-muted">
        A header row naming phone, email or both; first_name and last_name; any other column becomes an attribute (
        {"{{attributes.city}}"} in a template). Ghanaian numbers may be written 024…
      </p>
      <div className="grid gap-3">
        <div>
          <label htmlFor="csv-file" className="block text-xs font-medium text-slate-600">
            File
          </label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => change((await e.target.files?.[0]?.text()) ?? "")}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5"
          />
        </div>
        <div>
          <label htmlFor="csv-text" className="block text-xs font-medium text-slate-600">
            Or paste it
          </label>
          <textarea
            id="csv-text"
            rows={4}
            value={csv.length > 20_000 ? `${csv.slice(0, 20_000)}…` : csv}
            readOnly={csv.length > 20_000}
            onChange={(e) => change(e.target.value)}
            placeholder={"phone,first_name,city\n0241234567,Ama,Accra"}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
          />
        </div>
        <SelectField
          id="csv-list"
          label="Add them to a list"
          value={listId}
          onChange={(e) => {
            setListId(e.target.value);
            preview.reset();
          }}
        >
          <option value="">No list</option>
          {lists?.lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error.message}
          </p>
        )}
        {run.data && (
          <p role="status" className="text-sm text-brand-700">
            Imported {run.data.imported.toLocaleString("en")} new, updated {run.data.updated.toLocaleString("en")},
            skipped {run.data.skipped_total.toLocaleString("en")}.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {csv && (
            <Button variant="ghost" onClick={() => change("")}>
              Clear
            </Button>
          )}
          <Button variant="secondary" disabled={!csv.trim() || preview.isPending} onClick={() => preview.mutate(input)}>
            {preview.isPending ? "Reading…" : "Preview"}
          </Button>
          {preview.data && (
            <Button disabled={run.isPending} onClick={() => run.mutate(input)}>
              {run.isPending
                ? "Importing…"
                : `Import ${(preview.data.imported + preview.data.updated).toLocaleString("en")} contacts`}
            </Button>
          )}
        </div>
        {preview.data && <ImportPreview preview={preview.data} />}
      </div>
    </Card>
  );
}
