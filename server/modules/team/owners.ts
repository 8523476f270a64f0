// The one rule every membership change keeps: an account always has an owner.
// Changes run with the account row locked, so two owners demoting each other
// at the same moment cannot both succeed and leave the account ownerless.
import type { Tx } from "../../db/client";
import { AppError } from "../../errors/app-error";

export async function lockAccount(tx: Tx, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
}

/** Throws when taking `userId`'s ownership away would leave the account with none. */
export async function assertAnotherOwner({
  tx,
  accountId,
  userId,
  message,
}: {
  tx: Tx;
  accountId: string;
  userId: string;
  message: string;
}): Promise<void> {
  const others = await tx.membership.count({ where: { accountId, role: "owner", userId: { not: userId } } });
  if (others === 0) throw new AppError("CONFLICT", { message, context: { reason: "last_owner" } });
}

export async function memberOrNotFound({ tx, accountId, userId }: { tx: Tx; accountId: string; userId: string }) {
  const member = await tx.membership.findUnique({
    where: { accountId_userId: { accountId, userId } },
    select: { role: true, user: { select: { email: true } } },
  });
  if (!member) throw new AppError("NOT_FOUND", { message: "No such member of this account" });
  return member;
}

/**
 * The caller's role, read again under the lock: an owner demoted or removed at
 * the same moment as their change must not still make it.
 */
export async function assertStillOwner({
  tx,
  accountId,
  userId,
}: {
  tx: Tx;
  accountId: string;
  userId: string;
}): Promise<void> {
  const me = await tx.membership.findUnique({
    where: { accountId_userId: { accountId, userId } },
    select: { role: true },
  });
  if (me?.role !== "owner")
    throw new AppError("FORBIDDEN", {
      message: `This needs the owner role; you are ${me?.role ?? "no longer a member"}`,
    });
}
