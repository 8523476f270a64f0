"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { DATE_ONLY } from "../ui/format-time";

type Grant = { granted_at: string; source: string; proof: string | null; withdrawn_at: string | null } | null;
type Contact = { id: string; phone: string | null; email: string | null; consent: { sms: Grant; email: Grant } };

/**
 * A contact's consent on record, per channel, and (for developers and owners) recording it from the dashboard: the
 * note asked for is kept as the proof, the source is "dashboard".
 */
export function ConsentBadges({
  contact,
  accountId,
  mode,
  canEdit,
}: {
  contact: Contact;
  accountId: string;
  mode: "live" | "test";
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const record = useMutation(
    trpc.contacts.recordConsent.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.contacts.list.queryKey() }),
    }),
  );
  const channels = (["sms", "email"] as const).filter((ch) => (ch === "sms" ? contact.phone : contact.email));
  return (
    <>
      {channels.map((channel) => {
        const onRecord = contact.consent[channel];
        // A withdrawn grant is shown as such; only one that holds counts.
        const grant = onRecord && !onRecord.withdrawn_at ? onRecord : null;
        const label = channel === "sms" ? "SMS" : "email";
        return (
          <span key={channel} className="inline-flex items-center gap-1">
            {grant ? (
              <Badge tone="green">
                <span title={`${grant.source}${grant.proof ? `: ${grant.proof}` : ""}`}>
                  {label} consent {DATE_ONLY.format(new Date(grant.granted_at))}
                </span>
              </Badge>
            ) : onRecord ? (
              <span className="text-xs text-muted">
                {label} consent withdrawn {DATE_ONLY.format(new Date(onRecord.withdrawn_at!))}
              </span>
            ) : (
              <span className="text-xs text-muted">no {label} consent</span>
            )}
            {canEdit && (
              <Button
                variant="ghost"
                disabled={record.isPending}
                aria-label={`${grant ? "Withdraw" : "Record"} ${label} consent for ${contact.phone ?? contact.email}`}
                onClick={() => {
                  if (grant) {
                    if (confirm(`Withdraw the ${label} consent on record?`))
                      record.mutate({ accountId, mode, id: contact.id, channel, granted: false });
                    return;
                  }
                  const proof = prompt(`How and where did they agree to ${label}? (kept as the proof)`);
                  if (proof !== null) record.mutate({ accountId, mode, id: contact.id, channel, granted: true, proof });
                }}
              >
                {grant ? "Withdraw" : "Record"}
              </Button>
            )}
          </span>
        );
      })}
    </>
  );
}
