// The scale bench's cases: every query procedure of the dashboard and the staff console, with each filter its
// page offers, called through the tRPC caller as a signed-in person.
import { appRouter } from "../../server/trpc/router";
import { loadSessionUser } from "../../server/auth/load-session-user";
import { SEEDED_ERROR_CODE } from "./scale-seed";
import { readAnalytics } from "../../server/modules/insights/read-analytics";

export type Caller = ReturnType<typeof appRouter.createCaller>;
export type Callers = { owner: Caller; staff: Caller; anonymous: Caller };
export type Targets = {
  accountId: string;
  ownerUserId: string;
  ownerEmail: string;
  testPrefix: string;
  sms: { id: string; phone: string; reference: string };
  request: { id: string; requestId: string };
  ledgerCursor: string;
  auditCursor: string;
  messagesBefore: Date;
  hour: { from: Date; to: Date };
  paymentId: string;
  inviteToken: string;
  listId: string;
  broadcastId: string;
};
export type Case = { path: string; label: string; call: (c: Callers, t: Targets) => Promise<unknown> };

const day = 86_400_000;
/** Every query procedure of the router, with each filter its page offers. */
export const CASES: Case[] = [
  { path: "account.me", label: "", call: (c) => c.owner.account.me() },
  { path: "account.overview", label: "", call: (c, t) => c.owner.account.overview({ accountId: t.accountId }) },
  {
    path: "coverage.country",
    label: "Ghana",
    call: (c, t) => c.owner.coverage.country({ accountId: t.accountId, iso: "GH" }),
  },
  { path: "account.activity", label: "", call: (c, t) => c.owner.account.activity({ accountId: t.accountId }) },
  // Contacts, templates and broadcasts (docs/decisions.md, "Contacts, templates and broadcasts"): keyset pages and prefix indexes of (account, mode); a broadcast's
  // counts and chart from its recipients by (broadcast, status).
  ...(
    [
      ["", {}],
      ["by name prefix", { q: "Ama M" }],
      ["by email prefix", { q: "ama@exa" }],
      ["by phone", { q: "+233241234567" }],
    ] as const
  ).map(([label, filter]) => ({
    path: "contacts.list",
    label,
    call: (c: Callers, t: Targets) => c.owner.contacts.list({ accountId: t.accountId, mode: "live", ...filter }),
  })),
  {
    path: "contacts.list",
    label: "by list",
    call: (c, t) => c.owner.contacts.list({ accountId: t.accountId, mode: "live", list_id: t.listId }),
  },
  {
    path: "contacts.lists",
    label: "",
    call: (c, t) => c.owner.contacts.lists({ accountId: t.accountId, mode: "live" }),
  },
  {
    path: "templates.list",
    label: "",
    call: (c, t) => c.owner.templates.list({ accountId: t.accountId, mode: "live" }),
  },
  {
    path: "broadcasts.list",
    label: "",
    call: (c, t) => c.owner.broadcasts.list({ accountId: t.accountId, mode: "live" }),
  },
  {
    path: "broadcasts.status",
    label: "",
    call: (c, t) => c.owner.broadcasts.status({ accountId: t.accountId, mode: "live", id: t.broadcastId }),
  },
  {
    path: "broadcasts.timeline",
    label: "",
    call: (c, t) => c.owner.broadcasts.timeline({ accountId: t.accountId, mode: "live", id: t.broadcastId }),
  },
  // Verify (docs/decisions.md, "Verify"): the page reads the day counters, its list and blocks from (account, mode[, status], created_at).
  {
    path: "verify.stats",
    label: "live",
    call: (c, t) => c.owner.verify.stats({ accountId: t.accountId, mode: "live" }),
  },
  { path: "verify.list", label: "live", call: (c, t) => c.owner.verify.list({ accountId: t.accountId, mode: "live" }) },
  {
    path: "verify.list",
    label: "failed",
    call: (c, t) => c.owner.verify.list({ accountId: t.accountId, mode: "live", status: "failed" }),
  },
  {
    path: "verify.blocks",
    label: "live",
    call: (c, t) => c.owner.verify.blocks({ accountId: t.accountId, mode: "live" }),
  },
  { path: "verify.geo", label: "", call: (c, t) => c.owner.verify.geo({ accountId: t.accountId }) },
  {
    path: "onboarding.checklist",
    label: "",
    call: (c, t) => c.owner.onboarding.checklist({ accountId: t.accountId }),
  },
  { path: "auth.invite", label: "(signed out)", call: (c, t) => c.anonymous.auth.invite({ token: t.inviteToken }) },
  { path: "keys.list", label: "", call: (c, t) => c.owner.keys.list({ accountId: t.accountId }) },
  ...(
    [
      ["", {}],
      ["status 2xx", { status: "2xx" }],
      ["status 4xx", { status: "4xx" }],
      ["status 5xx", { status: "5xx" }],
      [`code ${SEEDED_ERROR_CODE}`, { code: SEEDED_ERROR_CODE }],
      ["code no line has (PAYLOAD_TOO_LARGE)", { code: "PAYLOAD_TOO_LARGE" }],
      ["path /sms/send", { path: "/sms/send" }],
      ["path /sender-ids (2 % of lines)", { path: "/sender-ids" }],
      ["key prefix (test key)", (t: Targets) => ({ keyPrefix: t.testPrefix })],
      ["one hour, 30 days ago", (t: Targets) => t.hour],
      ["last 24 hours", () => ({ from: new Date(Date.now() - day) })],
      ["request id", (t: Targets) => ({ requestId: t.request.requestId })],
      ["page from the middle (cursor)", (t: Targets) => ({ cursor: t.request.id })],
    ] as [string, object | ((t: Targets) => object)][]
  ).map(([label, filter]): Case => ({
    path: "requests.list",
    label,
    call: (c, t) =>
      c.owner.requests.list({ accountId: t.accountId, ...(typeof filter === "function" ? filter(t) : filter) }),
  })),
  {
    path: "requests.get",
    label: "",
    call: (c, t) => c.owner.requests.get({ accountId: t.accountId, id: t.request.id }),
  },
  { path: "usage.get", label: "", call: (c, t) => c.owner.usage.get({ accountId: t.accountId }) },
  // Insights (docs/decisions.md, "Insights"): the delivery counters of (account, channel, mode, hours), each view a
  // GROUP BY over the period's counter rows; the API's endpoint runs the same reading (readAnalytics).
  ...(
    [
      ["sms, 7 days", { channel: "sms", days: 7 }],
      ["sms, 90 days", { channel: "sms", days: 90 }],
      ["sms, 24 h", { channel: "sms", days: 1 }],
      ["sms, 30 days, one network", { channel: "sms", days: 30, filters: { network: "mtn" } }],
      ["email, 30 days", { channel: "email", days: 30 }],
      ["webhook, 30 days", { channel: "webhook", days: 30 }],
    ] as const
  ).map(([label, view]) => ({
    path: "insights.page",
    label,
    call: (c: Callers, t: Targets) =>
      c.owner.insights.page({ accountId: t.accountId, mode: "live", filters: {}, ...view }),
  })),
  ...(["day", "network", "reason"] as const).map((groupBy) => ({
    path: "GET /api/v1/analytics/sms",
    label: `group_by ${groupBy}, 30 days`,
    call: (_: Callers, t: Targets) =>
      readAnalytics({
        accountId: t.accountId,
        mode: "live",
        channel: "sms",
        groupBy,
        // A customer's usual call: whole days (`from=2026-10-28`), to the end of today.
        from: new Date(Date.now() - 30 * day).toISOString().slice(0, 10),
        filters: {},
      }),
  })),
  { path: "coverage.list", label: "", call: (c, t) => c.owner.coverage.list({ accountId: t.accountId }) },
  {
    path: "coverage.list",
    label: "q Ghana",
    call: (c, t) => c.owner.coverage.list({ accountId: t.accountId, q: "Ghana" }),
  },
  { path: "domains.list", label: "", call: (c, t) => c.owner.domains.list({ accountId: t.accountId }) },
  ...(
    [
      ["", {}],
      ["kind sms", { kind: "sms" }],
      ["kind email", { kind: "email" }],
      ["status delivered", { status: "delivered" }],
      ["status failed", { status: "failed" }],
      ["status sent", { status: "sent" }],
      ["status no message has (pending)", { status: "pending" }],
      ["status received", { status: "received" }],
      ["tag campaign:spring", { tag: "campaign:spring" }],
      ["page from 30 days ago (cursor)", (t: Targets) => ({ cursor: t.messagesBefore })],
    ] as [string, object | ((t: Targets) => object)][]
  ).map(([label, filter]): Case => ({
    path: "messages.list",
    label,
    call: (c, t) =>
      c.owner.messages.list({ accountId: t.accountId, ...(typeof filter === "function" ? filter(t) : filter) }),
  })),
  { path: "messages.scheduled", label: "", call: (c, t) => c.owner.messages.scheduled({ accountId: t.accountId }) },
  {
    path: "messages.events",
    label: "an SMS",
    call: (c, t) => c.owner.messages.events({ accountId: t.accountId, transactionId: t.sms.id }),
  },
  { path: "suppressions.list", label: "", call: (c, t) => c.owner.suppressions.list({ accountId: t.accountId }) },
  { path: "webhooks.overview", label: "", call: (c, t) => c.owner.webhooks.overview({ accountId: t.accountId }) },
  {
    path: "webhooks.overview",
    label: "live",
    call: (c, t) => c.owner.webhooks.overview({ accountId: t.accountId, mode: "live" }),
  },
  {
    path: "webhooks.overview",
    label: "test",
    call: (c, t) => c.owner.webhooks.overview({ accountId: t.accountId, mode: "test" }),
  },
  { path: "senders.list", label: "", call: (c, t) => c.owner.senders.list({ accountId: t.accountId }) },
  { path: "senders.markets", label: "", call: (c, t) => c.owner.senders.markets({ accountId: t.accountId }) },
  { path: "billing.overview", label: "", call: (c, t) => c.owner.billing.overview({ accountId: t.accountId }) },
  {
    path: "billing.overview",
    label: "page from the middle (cursor)",
    call: (c, t) => c.owner.billing.overview({ accountId: t.accountId, cursor: t.ledgerCursor }),
  },
  {
    path: "billing.payment",
    label: "",
    call: (c, t) => c.owner.billing.payment({ accountId: t.accountId, paymentId: t.paymentId }),
  },
  { path: "topups.bundles", label: "", call: (c, t) => c.owner.topups.bundles({ accountId: t.accountId }) },
  {
    path: "topups.operators",
    label: "test mode, a number",
    call: (c, t) => c.owner.topups.operators({ accountId: t.accountId, mode: "test", phone_number: "+233241234567" }),
  },
  { path: "topups.history", label: "", call: (c, t) => c.owner.topups.history({ accountId: t.accountId }) },
  ...(
    [
      ["an SMS id", (t: Targets) => t.sms.id],
      ["a phone number", (t: Targets) => t.sms.phone],
      ["the owner's email", (t: Targets) => t.ownerEmail],
      ["a reference", (t: Targets) => t.sms.reference],
      ["a request id", (t: Targets) => t.request.requestId],
      ["an account name", () => "Bench"],
    ] as [string, (t: Targets) => string][]
  ).map(([label, q]): Case => ({ path: "staff.search", label, call: (c, t) => c.staff.staff.search({ q: q(t) }) })),
  { path: "staff.transaction", label: "an SMS", call: (c, t) => c.staff.staff.transaction({ id: t.sms.id }) },
  { path: "staff.account", label: "", call: (c, t) => c.staff.staff.account({ id: t.accountId }) },
  { path: "staff.operations", label: "", call: (c) => c.staff.staff.operations() },
  { path: "profile.me", label: "", call: (c) => c.owner.profile.me() },
  { path: "profile.sessions", label: "", call: (c) => c.owner.profile.sessions() },
  { path: "team.list", label: "", call: (c, t) => c.owner.team.list({ accountId: t.accountId }) },
  { path: "twoFactor.status", label: "", call: (c) => c.owner.twoFactor.status() },
  { path: "audit.list", label: "", call: (c, t) => c.owner.audit.list({ accountId: t.accountId }) },
  {
    path: "audit.list",
    label: "category key",
    call: (c, t) => c.owner.audit.list({ accountId: t.accountId, category: "key" }),
  },
  {
    path: "audit.list",
    label: "actor (the owner)",
    call: (c, t) => c.owner.audit.list({ accountId: t.accountId, actor: t.ownerUserId }),
  },
  {
    path: "audit.list",
    label: "page from the middle (cursor)",
    call: (c, t) => c.owner.audit.list({ accountId: t.accountId, cursor: t.auditCursor }),
  },
];

/** A query procedure added to the router without a case here fails the bench at once, not after the seed. */
export function checkEveryQueryIsMeasured() {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const queries = Object.keys(procedures).filter((path) => procedures[path]!._def.type === "query");
  const missing = queries.filter((path) => !CASES.some((c) => c.path === path));
  if (missing.length) throw new Error(`scale bench: no case measures ${missing.join(", ")} (scripts/bench/scale.ts)`);
  return queries;
}

/** The dashboard's procedures as this person calls them (null: signed out), the user read as a request reads it. */
export async function callerFor(userId: string | null): Promise<Caller> {
  const user = userId ? await loadSessionUser(userId) : null;
  return appRouter.createCaller({ user, ip: null, userAgent: "kasa-bench" });
}
