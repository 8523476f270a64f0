"use client";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { SelectField } from "../ui/select-field";

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
    <SelectField id={id} label="Send with API key" value={value} required onChange={(e) => onChange(e.target.value)}>
      {usable.length === 0 && <option value="">No {mode} key with broadcasts:send: create one on API keys</option>}
      {usable.map((k) => (
        <option key={k.id} value={k.id}>
          {k.name} ({k.prefix}…)
        </option>
      ))}
    </SelectField>
  );
}
