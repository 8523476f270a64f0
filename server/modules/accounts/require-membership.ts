import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { contactSupport } from "../../config/support-contact";

export type Role = "owner" | "developer" | "viewer";
const RANK: Record<Role, number> = { viewer: 1, developer: 2, owner: 3 };

export type Membership = { role: Role; account: { status: "active" | "suspended"; planId: string } };

/**
 * The one gate between a person and an account. Someone who is not a member
 * gets NOT_FOUND, the same answer as for an id that does not exist, so account
 * ids cannot be probed. `active`: the action spends or sends, which a
 * suspended account may not do from the dashboard any more than from the API
 * (reading, paying in and removing things stay open to it).
 */
export async function requireMembership(input: {
  userId: string;
  accountId: string;
  atLeast?: Role;
  active?: boolean;
}): Promise<Membership> {
  const membership = await db().membership.findUnique({
    where: { accountId_userId: { accountId: input.accountId, userId: input.userId } },
    select: { role: true, account: { select: { status: true, planId: true } } },
  });
  if (!membership) throw new AppError("NOT_FOUND", { message: "Account not found" });
  if (input.atLeast && RANK[membership.role] < RANK[input.atLeast]) {
    throw new AppError("FORBIDDEN", { message: `This needs the ${input.atLeast} role; you are ${membership.role}` });
  }
  if (input.active && membership.account.status === "suspended")
    throw new AppError("ACCOUNT_SUSPENDED", { message: `This account is suspended; ${contactSupport()}` });
  return membership;
}
