import type { SenderId, VerifiedNumber } from "../../db/generated/client";
import { oneOf } from "../../lib/one-of";

export const SENDER_ID_STATUSES = ["pending", "approved", "rejected"] as const;
export const NUMBER_STATUSES = ["pending", "verified"] as const;

export function senderIdView(s: SenderId) {
  return {
    id: s.id,
    name: s.name,
    country: s.countryIso,
    status: oneOf(s.status, SENDER_ID_STATUSES),
    use_case: s.useCase,
    decision_note: s.decisionNote,
    decided_at: s.decidedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

export function verifiedNumberView(n: VerifiedNumber) {
  return {
    id: n.id,
    number: n.number,
    status: oneOf(n.status, NUMBER_STATUSES),
    verified_at: n.verifiedAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}
