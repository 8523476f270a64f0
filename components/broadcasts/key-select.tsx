"use client";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";

/**
 * The API key a broadcast's messages go out under (the Messages page and request log name it): the mode's active
 * keys that may broadcast. Revoking it pauses the broadcast.
 */
export function KeySelect({
  accountId,
  mode,
  value,
  onChange,
  id,
  preferred,
}: {
  accountId: string;
  mode: "live" | "test";
  value: string;
  onChange: (keyId: string) => void;
  id: string;
  /** Chosen first when it is still usable (a paused broadcast's own key). */
  preferred?: string;
}) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.keys.list.queryOptions({ accountId }));
  const usable = (data ?? []).filter((k) => k.mode === mode && !k.revokedAt && k.scopes.includes("broadcasts:send"));
  const first = usable.find((k) => k.id === preferred)?.id ?? usable[0]?.id;
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        Send with API key
      </label>
      <select
        id={id}
        value={value}
        required
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {usable.length === 0 && <option value="">No {mode} key with broadcasts:send: create one on API keys</option>}
        {usable.map((k) => (
          <option key={k.id} value={k.id}>
            {k.name} ({k.prefix}…)
          </option>
        ))}
      </select>
    </div>
  );
}
