"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";

type ConnectedNumber = {
  id: string;
  display_phone_number: string;
  verified_name: string | null;
  quality_rating: string | null;
  sandbox: boolean;
  phone_number_id: string | null;
  webhook_url: string | null;
};

const QUALITY_TONE = { GREEN: "green", YELLOW: "amber", RED: "red" } as const;

/** The connected numbers: each with Meta's name and quality, the webhook URL to set in Meta's app, and removal. */
export function WhatsappNumbersList(props: {
  accountId: string;
  canEdit: boolean;
  numbers: ConnectedNumber[] | undefined;
}) {
  const { accountId, canEdit, numbers } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.whatsapp.disconnect.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.whatsapp.numbers.queryKey({ accountId }) }),
    }),
  );
  return (
    <Card title="Your numbers" label="WhatsApp numbers">
      {!numbers ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : numbers.length === 0 ? (
        <p className="text-sm text-muted">No number connected yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Connected numbers">
          {numbers.map((n) => (
            <li key={n.id} className="grid gap-2 py-3 text-sm first:pt-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{n.display_phone_number}</span>
                {n.sandbox && <Badge tone="slate">sandbox</Badge>}
                {n.verified_name && <span className="text-muted">{n.verified_name}</span>}
                {n.quality_rating && (
                  <Badge tone={QUALITY_TONE[n.quality_rating as keyof typeof QUALITY_TONE] ?? "slate"}>
                    quality {n.quality_rating.toLowerCase()}
                  </Badge>
                )}
              </p>
              {n.sandbox || !n.webhook_url ? (
                <p className="text-xs text-muted">
                  Kasa&apos;s sandbox: test keys send from it, free, and its statuses are simulated (delivered, then
                  read).
                </p>
              ) : (
                <>
                  <p className="text-xs text-muted">Phone number ID {n.phone_number_id}</p>
                  <div className="flex min-w-0 items-center gap-2">
                    <code className="min-w-0 truncate rounded bg-slate-100 px-2 py-1 text-xs">{n.webhook_url}</code>
                    <CopyButton value={n.webhook_url} label="Copy the webhook URL" />
                  </div>
                </>
              )}
              {canEdit && (
                <div>
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ accountId, id: n.id })}
                  >
                    Remove {n.display_phone_number}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {remove.error.message}
        </p>
      )}
    </Card>
  );
}
