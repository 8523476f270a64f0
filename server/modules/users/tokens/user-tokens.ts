// Single-purpose, single-use tokens for a person: an email verification link
// (valid 24 hours) or a password reset link (valid 1 hour). Issuing a new one
// retires the earlier ones of the same purpose, so only the latest mail works.
import { db, type Tx } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { newId } from "../../../lib/ids";
import { hashOneTimeToken, newOneTimeToken } from "./one-time-token";

export type UserTokenPurpose = "email_verification" | "password_reset";

export const TOKEN_LIFETIME_MINUTES: Record<UserTokenPurpose, number> = {
  email_verification: 24 * 60,
  password_reset: 60,
};

export async function issueUserToken(userId: string, purpose: UserTokenPurpose): Promise<string> {
  const { token, hash } = newOneTimeToken();
  await db().$transaction([
    db().userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: new Date() } }),
    db().userToken.create({
      data: {
        id: newId("tok"),
        userId,
        purpose,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
      },
    }),
  ]);
  return token;
}

/**
 * Marks the token used, inside `tx`, and returns its user; a token that is
 * unknown, spent or expired is INVALID_REQUEST with a reason the page can
 * explain. The conditional update makes two uses racing end with one winner.
 */
export async function consumeUserToken({
  tx,
  token,
  purpose,
}: {
  tx: Tx;
  token: string;
  purpose: UserTokenPurpose;
}): Promise<string> {
  const hash = hashOneTimeToken(token);
  const row = await tx.userToken.findUnique({ where: { tokenHash: hash } });
  if (!row || row.purpose !== purpose) throw badLink("link_invalid", "This link is not valid.");
  if (row.usedAt) throw badLink("link_used", "This link was already used. Ask for a new one.");
  if (row.expiresAt <= new Date()) throw badLink("link_expired", "This link has expired. Ask for a new one.");
  const claimed = await tx.userToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (claimed.count !== 1) throw badLink("link_used", "This link was already used. Ask for a new one.");
  return row.userId;
}

export function badLink(reason: string, message: string): AppError {
  return new AppError("INVALID_REQUEST", { message, context: { reason } });
}
