// A broadcast's messages are sent under an API key, as every message is (the Messages page and the request log
// say which); one made on the dashboard is sent under a key the member picks (docs/decisions.md). The key must be
// the account's, of the broadcast's mode, not revoked, and allowed to broadcast; a live one waits, as the API's live
// keys do, until an owner has verified their email.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "./resolve-api-key";
import { emailUnverified, missingPermission } from "./key-refusals";

export async function broadcastKey({
  accountId,
  mode,
  keyId,
}: {
  accountId: string;
  mode: "live" | "test";
  keyId: string;
}): Promise<Pick<ApiCaller, "accountId" | "mode" | "keyId">> {
  const key = await db().apiKey.findFirst({
    where: { id: keyId, accountId, mode, revokedAt: null },
    select: { id: true, scopes: true },
  });
  if (!key) throw new AppError("NOT_FOUND", { message: `No active ${mode} key ${keyId} on this account` });
  if (!key.scopes.includes("broadcasts:send")) throw missingPermission("broadcasts:send");
  if (mode === "live" && !(await ownerEmailVerified(accountId))) throw emailUnverified();
  return { accountId, mode, keyId: key.id };
}

/** Whether an owner of the account has proven their address: live sends wait for it (as the API's live keys do). */
export async function ownerEmailVerified(accountId: string): Promise<boolean> {
  const owner = await db().membership.findFirst({
    where: { accountId, role: "owner", user: { emailVerifiedAt: { not: null } } },
    select: { userId: true },
  });
  return owner !== null;
}
