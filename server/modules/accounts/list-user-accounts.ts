import { db } from "../../db/client";

export type AccountListItem = { id: string; name: string; role: string; plan: string; status: string };

export async function listUserAccounts(input: { userId: string }): Promise<AccountListItem[]> {
  const memberships = await db().membership.findMany({
    where: { userId: input.userId },
    include: { account: { select: { id: true, name: true, planId: true, status: true } } },
    orderBy: { createdAt: "asc" },
  });
  return memberships.map((m) => ({
    id: m.account.id,
    name: m.account.name,
    role: m.role,
    plan: m.account.planId,
    status: m.account.status,
  }));
}
