"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCOPES, SCOPE_DESCRIPTIONS, type Scope } from "@/server/modules/keys/scopes";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Field } from "../ui/field";

export function CreateKeyForm({
  accountId,
  onCreated,
  onCancel,
}: {
  accountId: string;
  onCreated: (k: { name: string; key: string }) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<"test" | "live">("test");
  const [scopes, setScopes] = useState<Set<Scope>>(new Set(SCOPES));
  const [error, setError] = useState<string>();
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey({ accountId }) }),
    }),
  );

  function toggle(scope: Scope) {
    const next = new Set(scopes);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    setScopes(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return setError("Name the key, e.g. “Production server”.");
    if (scopes.size === 0) return setError("Choose at least one scope.");
    setError(undefined);
    try {
      const created = await create.mutateAsync({ accountId, name, mode, scopes: [...scopes] });
      onCreated({ name: created.name, key: created.key });
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <Card title="New API key" className="mb-6">
      <form onSubmit={onSubmit} className="space-y-5" aria-label="New API key">
        <Field id="key-name" name="name" label="Name" placeholder="Production server" autoFocus maxLength={80} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Mode</legend>
          <div className="mt-2 flex gap-3">
            {(["test", "live"] as const).map((m) => (
              <label
                key={m}
                className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${mode === m ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
              >
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {m === "test" ? "Test (sandbox, no charges)" : "Live (real messages, charged)"}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <div className="flex items-center justify-between">
            <legend className="text-sm font-medium text-slate-700">Scopes</legend>
            <button
              type="button"
              className="text-xs font-medium text-brand-700 hover:underline"
              onClick={() => setScopes(scopes.size === SCOPES.length ? new Set() : new Set(SCOPES))}
            >
              {scopes.size === SCOPES.length ? "Clear all" : "Select all"}
            </button>
          </div>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={scopes.has(scope)}
                  onChange={() => toggle(scope)}
                  aria-label={scope}
                />
                <span>
                  <span className="block font-mono text-xs text-slate-900">{scope}</span>
                  <span className="block text-xs text-muted">{SCOPE_DESCRIPTIONS[scope]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
