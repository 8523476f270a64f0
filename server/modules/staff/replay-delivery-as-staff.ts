import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Sends a webhook delivery again, whatever became of it, even into an endpoint the customer disabled. */
export async function replayDeliveryAsStaff(staff: Staff, input: { deliveryId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const delivery = await db().webhookDelivery.findUnique({ where: { id: input.deliveryId } });
  if (!delivery) throw new AppError("NOT_FOUND", { message: "No such delivery" });
  await db().webhookDelivery.update({
    where: { id: delivery.id },
    data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null },
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "webhook.replay",
    accountId: delivery.accountId,
    target: delivery.id,
    reason,
    data: { transaction_id: delivery.transactionId, event: delivery.event },
  });
  return { id: delivery.id, replayed: true };
}
