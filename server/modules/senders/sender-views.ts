import type { SenderId, VerifiedNumber } from "../../db/generated/client";
import { oneOf } from "../../lib/one-of";

export const SENDER_ID_STATUSES = ["pending", "approved", "rejected"] as const;
export const NUMBER_STATUSES = ["pending", "verified"] as const;

/** What a sender ID's view reads beside its row: each network's decision and the documents' metadata. */
export const SENDER_ID_DETAILS = {
  networks: {
    include: { network: { select: { slug: true, name: true } } },
    orderBy: { network: { name: "asc" } },
  },
  documents: {
    select: { id: true, filename: true, contentType: true, sizeBytes: true },
    orderBy: { createdAt: "asc" },
  },
} as const;

type SenderIdWithDetails = SenderId & {
  networks: {
    status: string;
    reason: string | null;
    decidedAt: Date | null;
    network: { slug: string; name: string };
  }[];
  documents: { id: string; filename: string; contentType: string; sizeBytes: number }[];
};

export function senderIdView(s: SenderIdWithDetails) {
  return {
    id: s.id,
    name: s.name,
    country: s.countryIso,
    status: oneOf(s.status, SENDER_ID_STATUSES),
    use_case: s.useCase,
    sample_message: s.sampleMessage,
    company_name: s.companyName,
    networks: s.networks.map((n) => ({
      network: n.network.slug,
      name: n.network.name,
      status: oneOf(n.status, SENDER_ID_STATUSES),
      reason: n.reason,
      decided_at: n.decidedAt?.toISOString() ?? null,
    })),
    documents: s.documents.map((d) => ({
      id: d.id,
      filename: d.filename,
      content_type: d.contentType,
      size_bytes: d.sizeBytes,
    })),
    decision_note: s.decisionNote,
    decided_at: s.decidedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

/** A sender ID's status from its networks' decisions: usable somewhere is approved, refused everywhere rejected. */
export function summaryStatus(statuses: string[]): (typeof SENDER_ID_STATUSES)[number] {
  if (statuses.includes("approved")) return "approved";
  if (statuses.length > 0 && statuses.every((s) => s === "rejected")) return "rejected";
  return "pending";
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
