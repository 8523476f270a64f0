import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { formatAmount } from "../../lib/money";

export async function getAccountOverview(input: { accountId: string }) {
  const account = await db().account.findUnique({
    where: { id: input.accountId },
    include: { plan: { include: { limits: true } }, _count: { select: { apiKeys: { where: { revokedAt: null } } } } },
  });
  if (!account) throw new AppError("NOT_FOUND", { message: "Account not found" });
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    currency: account.currency,
    balance: formatAmount(account.balanceMicros),
    plan: { id: account.plan.id, name: account.plan.name },
    limits: account.plan.limits.map((l) => ({
      service: l.service,
      perMinute: l.perMinute,
      perDay: l.perDay,
      perMonth: l.perMonth,
    })),
    activeKeys: account._count.apiKeys,
    createdAt: account.createdAt,
  };
}
