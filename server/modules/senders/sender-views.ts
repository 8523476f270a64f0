import type { SenderId, VerifiedNumber } from "../../db/generated/client";

export function senderIdView(s: SenderId) {
  return {
    id: s.id,
    name: s.name,
    country: s.countryIso,
    status: s.status,
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
    status: n.status,
    verified_at: n.verifiedAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}
