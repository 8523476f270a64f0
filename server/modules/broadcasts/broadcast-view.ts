import type { Broadcast } from "../../db/generated/client";
import { toAmountNumber } from "../../lib/money";

/** A broadcast as the API answers it. */
export function broadcastView(b: Broadcast) {
  return {
    id: b.id,
    name: b.name,
    channel: b.channel,
    list_id: b.listId,
    template_id: b.templateId,
    template_version: b.templateVersion,
    status: b.status,
    pause_reason: b.pauseReason,
    recipients: b.recipients,
    consent_held_elsewhere: b.consentHeldElsewhere,
    shorten_links: b.shortenLinks,
    estimated_cost: { amount: toAmountNumber(b.estimatedCostMicros), currency: b.currency },
    scheduled_at: b.scheduledAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
    started_at: b.startedAt?.toISOString() ?? null,
    finished_at: b.finishedAt?.toISOString() ?? null,
  };
}
