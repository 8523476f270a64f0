import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/**
 * Revokes a key. With accountId, a key of another account is "not found" (we
 * never confirm that someone else's id exists). Revoking twice is a no-op.
 */
export async function revokeApiKey(input: {
  keyId: string;
  accountId?: string;
}): Promise<{ id: string; revokedAt: Date }> {
  const key = await db().apiKey.findUnique({ where: { id: input.keyId } });
  if (!key || (input.accountId !== undefined && key.accountId !== input.accountId)) {
    throw new AppError("NOT_FOUND", { message: `No API key ${input.keyId}` });
  }
  if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
  const updated = await db().apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  return { id: updated.id, revokedAt: updated.revokedAt! };
}
