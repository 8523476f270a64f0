import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { activeEndpoint } from "./active-endpoint";

/**
 * Sends a delivery again, whatever became of it (the receiver deduplicates on
 * transaction_id + event). A replay is one more attempt: if it fails, the
 * delivery retries on what is left of the schedule.
 */
export async function replayDelivery(input: { accountId: string; id: string }) {
  await activeEndpoint(input.accountId);
  const { count } = await db().webhookDelivery.updateMany({
    where: { id: input.id, accountId: input.accountId },
    data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null },
  });
  if (count === 0) throw new AppError("NOT_FOUND", { message: "No such delivery" });
  return { id: input.id, replayed: true };
}
