import { db } from "../../db/client";
import { activeEndpoint } from "./active-endpoint";

/** "Replay all failed since <time>": every failed delivery created since then goes out again. */
export async function replayFailedSince(input: { accountId: string; since: Date }) {
  const endpoint = await activeEndpoint(input.accountId);
  const { count } = await db().webhookDelivery.updateMany({
    where: { accountId: input.accountId, endpointId: endpoint.id, status: "failed", createdAt: { gte: input.since } },
    data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null },
  });
  return { replayed: count };
}
