"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";

export function RevokeKeyButton({ accountId, keyId, name }: { accountId: string; keyId: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(
    trpc.keys.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey({ accountId }) }),
    }),
  );
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Revoke ${name}`}>
        Revoke
      </Button>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <span className="text-xs text-slate-600">Requests with it will fail.</span>
      <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate({ accountId, keyId })}>
        Confirm revoke
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </span>
  );
}
