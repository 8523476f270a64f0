// The fraud guard's blocks on the Verify page: the latest 20 of a mode, newest
// first, each saying whether it still holds.
import { db } from "../../db/client";

export async function listVerifyBlocks(accountId: string, mode: "live" | "test") {
  const now = Date.now();
  const rows = await db().verifyBlock.findMany({
    where: { accountId, mode },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return rows.map((b) => ({
    id: b.id,
    prefix: b.prefix,
    country: b.countryIso,
    sampled: b.sampled,
    approved: b.approved,
    createdAt: b.createdAt.toISOString(),
    blockedUntil: b.blockedUntil.toISOString(),
    liftedAt: b.liftedAt?.toISOString() ?? null,
    active: !b.liftedAt && b.blockedUntil.getTime() > now,
  }));
}
