// GET /api/v1/broadcasts: the latest 100 of the key's mode, newest first.
import { db } from "../../db/client";
import type { AccountScope } from "../keys/resolve-api-key";
import { broadcastView } from "./broadcast-view";

export async function listBroadcasts(caller: AccountScope) {
  const rows = await db().broadcast.findMany({
    where: { accountId: caller.accountId, mode: caller.mode },
    orderBy: { createdAt: "desc" },
    take: 100,
  });
  return { broadcasts: rows.map(broadcastView) };
}
