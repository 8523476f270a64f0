import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support marks a sender domain verified without the DNS check (a customer whose DNS host cannot publish the records). */
export async function overrideDomainVerification(staff: Staff, input: { domainId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const domain = await db().senderDomain.findUnique({ where: { id: input.domainId } });
  if (!domain) throw new AppError("NOT_FOUND", { message: `No domain ${input.domainId}` });
  await db().senderDomain.update({
    where: { id: domain.id },
    data: { status: "verified", verifiedAt: new Date(), verifiedBy: staffActor(staff) },
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "domain.verify_override",
    accountId: domain.accountId,
    target: domain.id,
    reason,
    data: { domain: domain.name },
  });
  return { id: domain.id, status: "verified" };
}
