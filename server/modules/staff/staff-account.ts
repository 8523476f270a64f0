import { db } from "../../db/client";
import { newestLedgerEntries } from "../billing/ledger-entries";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";
import { readRateLimit } from "../limits/consume-rate-limit";
import { SERVICES } from "../limits/services";
import { latestErrorLines } from "../requestlog/list-requests";

/** The staff account page: who they are, their money, keys (prefixes only), usage against limits and what went wrong lately. */
export async function staffAccount(accountId: string) {
  const account = await db().account.findUnique({
    where: { id: accountId },
    include: { plan: true, memberships: { include: { user: { select: { email: true, name: true } } } } },
  });
  if (!account) throw new AppError("NOT_FOUND", { message: `No account ${accountId}` });
  const [ledger, keys, errors, senderIds, domains, plans, audit, usage] = await Promise.all([
    newestLedgerEntries({ accountId, take: 30 }),
    db().apiKey.findMany({
      where: { accountId },
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        name: true,
        prefix: true,
        mode: true,
        scopes: true,
        revokedAt: true,
        lastUsedAt: true,
        createdAt: true,
      },
    }),
    latestErrorLines(accountId, 20),
    db().senderId.findMany({ where: { accountId }, orderBy: { createdAt: "desc" } }),
    db().senderDomain.findMany({
      where: { accountId },
      orderBy: { createdAt: "desc" },
      select: { id: true, name: true, status: true },
    }),
    db().plan.findMany({ where: { rank: { lt: 99 } }, orderBy: { rank: "asc" }, select: { id: true, name: true } }),
    db().auditEvent.findMany({ where: { accountId }, orderBy: { id: "desc" }, take: 20 }),
    Promise.all(
      SERVICES.map(async (service) => ({
        service,
        windows: (await readRateLimit({ accountId, planId: account.planId, service })).windows,
      })),
    ),
  ]);
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    plan: { id: account.plan.id, name: account.plan.name },
    plans,
    balance: toAmountNumber(account.balanceMicros),
    currency: account.currency,
    createdAt: account.createdAt,
    members: account.memberships.map((m) => ({ email: m.user.email, name: m.user.name, role: m.role })),
    ledger: ledger.map((l) => ({
      id: l.id.toString(),
      kind: l.kind,
      amount: toAmountNumber(l.amountMicros),
      balanceAfter: toAmountNumber(l.balanceAfterMicros),
      reason: l.reason,
      actor: l.actor,
      transactionId: l.transactionId,
      createdAt: l.createdAt,
    })),
    keys: keys.map((k) => ({ ...k, scopes: k.scopes })),
    usage: usage.map((u) => ({
      service: u.service,
      windows: u.windows.map((w) => ({ window: w.window, used: w.used, limit: w.limit })),
    })),
    errors,
    senderIds: senderIds.map((s) => ({
      id: s.id,
      name: s.name,
      country: s.countryIso,
      status: s.status,
      useCase: s.useCase,
    })),
    domains,
    audit: audit.map((a) => ({
      id: a.id.toString(),
      at: a.createdAt,
      actor: a.actor,
      action: a.action,
      target: a.target,
      reason: a.reason,
    })),
  };
}
