import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { senderIdView } from "./sender-views";

/** Staff approve or reject an application (with a note the customer sees); audited. */
export async function decideSenderId(input: {
  id: string;
  status: "approved" | "rejected";
  note?: string;
  actor: string;
}) {
  const existing = await db().senderId.findUnique({ where: { id: input.id } });
  if (!existing) throw new AppError("NOT_FOUND", { message: `No sender ID ${input.id}` });
  const updated = await db().senderId.update({
    where: { id: input.id },
    data: { status: input.status, decisionNote: input.note ?? null, decidedBy: input.actor, decidedAt: new Date() },
  });
  await recordAudit({
    actor: input.actor,
    action: `sender_id.${input.status === "approved" ? "approve" : "reject"}`,
    accountId: existing.accountId,
    target: existing.id,
    reason: input.note ?? null,
    data: { name: existing.name, country: existing.countryIso },
  });
  return senderIdView(updated);
}
