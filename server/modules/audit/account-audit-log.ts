// The account's audit log as its owners read it (docs/decisions.md, "Audit log, system mail and suspension"): who did
// what and when, newest first, filterable by kind of action and by person,
// 50 a page, or every matching row as CSV. Support's and the operator's
// actions are marked as support; API keys appear by their public prefix.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toCsv } from "../../lib/csv";

export const AUDIT_CATEGORIES = [
  "key",
  "webhook",
  "domain",
  "mailbox",
  "sender",
  "member",
  "account",
  "billing",
  "balance",
  "user",
  "suppression",
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export type AuditFilter = { category?: AuditCategory; actor?: string; before?: bigint };

const PAGE = 50;
const CSV_LIMIT = 50_000;

export async function accountAuditLog(accountId: string, filter: AuditFilter = {}) {
  const rows = await findRows(accountId, filter, PAGE + 1);
  const page = rows.slice(0, PAGE);
  return {
    entries: await withActors(page),
    nextCursor: rows.length > PAGE ? page.at(-1)!.id.toString() : null,
  };
}

export async function accountAuditCsv(accountId: string, filter: AuditFilter = {}) {
  const entries = await withActors(await findRows(accountId, filter, CSV_LIMIT));
  return toCsv([
    ["date", "actor", "by_support", "action", "target", "reason", "details"],
    ...entries.map((e) => [
      e.createdAt.toISOString(),
      e.actorLabel,
      e.bySupport ? "yes" : "no",
      e.action,
      e.target,
      e.reason ?? "",
      JSON.stringify(e.data),
    ]),
  ]);
}

/** Rows by the (account_id, id) index, newest first; a category is an action prefix ("key." ...). */
function findRows(accountId: string, filter: AuditFilter, take: number) {
  if (filter.category && !AUDIT_CATEGORIES.includes(filter.category))
    throw new AppError("INVALID_REQUEST", { message: `Unknown category: ${filter.category}` });
  const action = filter.category
    ? filter.category === "sender"
      ? { startsWith: "sender" }
      : { startsWith: `${filter.category}.` }
    : undefined;
  return db().auditEvent.findMany({
    where: {
      accountId,
      ...(action ? { action } : {}),
      ...(filter.actor ? { actor: filter.actor } : {}),
      ...(filter.before ? { id: { lt: filter.before } } : {}),
    },
    orderBy: { id: "desc" },
    take,
  });
}

type Row = Awaited<ReturnType<typeof findRows>>[number];

/** Each row with who did it in words: a member's email, "Kasa support", or an API key's prefix. */
async function withActors(rows: Row[]) {
  const userIds = [...new Set(rows.map((r) => r.actor).filter((a) => a.startsWith("usr_")))];
  const users = userIds.length
    ? await db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })
    : [];
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id.toString(),
    createdAt: r.createdAt,
    // Which support person acted is Kasa's business; the customer sees "Kasa support" and the reason.
    actor: r.bySupport ? "support" : r.actor,
    actorLabel: r.bySupport
      ? "Kasa support"
      : r.actor.startsWith("key:")
        ? `API key ${r.actor.slice(4)}`
        : (emails.get(r.actor) ?? (r.actor.startsWith("usr_") ? "Former member" : "Kasa")),
    bySupport: r.bySupport,
    action: r.action,
    target: r.target,
    reason: r.reason,
    data: r.data as Record<string, unknown>,
  }));
}
