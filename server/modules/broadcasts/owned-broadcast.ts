import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";

/** The broadcast of this account and mode, or NOT_FOUND (another account's is not found either). */
export async function ownedBroadcast(id: string, scope: AccountScope) {
  const b = await db().broadcast.findFirst({ where: { id, accountId: scope.accountId, mode: scope.mode } });
  if (!b) throw new AppError("NOT_FOUND", { message: `No broadcast ${id} on this account` });
  return b;
}
