// Every dashboard and staff view reads a page from an index, whatever the history (docs/decisions.md, "History and retention"). The views
// run here against tables seeded large enough that a sequential scan would be the planner's own choice if no index
// served the filter; each SQL statement a view sends is caught on its way to PostgreSQL and EXPLAINed with its own
// parameters. A Seq Scan of a large table fails the test and names the statement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { disconnectDb, sql } from "./client";
import { apiCustomer } from "../../test/api";
import { listRequests, getRequest, latestErrorLines } from "../modules/requestlog/list-requests";
import { listMessages } from "../modules/messages/list-messages";
import { staffSearch } from "../modules/staff/staff-search";
import { transactionTimeline } from "../modules/staff/transaction-timeline";
import { getUsage } from "../modules/limits/get-usage";
import { webhookOverview } from "../modules/webhooks/delivery-log";
import { operationsOverview } from "../modules/staff/operations-overview";
import { billingOverview } from "../modules/billing/billing-overview";
import { accountActivity } from "../modules/overview/account-activity";
import { getStartedChecklist } from "../modules/onboarding/get-started-checklist";
import { staffAccount } from "../modules/staff/staff-account";
import { accountAuditLog } from "../modules/audit/account-audit-log";
import { seedHistory, type SeededHistory } from "../../test/seed-history";
import { listScheduledSms } from "../modules/sms/list-scheduled-sms";

/** Tables that grow with traffic; a partition is named after its table (request_logs_w20261123). */
const LARGE_TABLES = [
  "daily_counts",
  "daily_count_deltas",
  "request_logs",
  "request_log_bodies",
  "sms_messages",
  "email_messages",
  "inbound_sms",
  "ledger_entries",
  "events",
  "webhook_deliveries",
  "webhook_attempts",
  "topups",
  "payments",
  "usage_daily",
];

type Statement = { text: string; values: unknown[] };
type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

let seeded: SeededHistory;
const caught: Statement[] = [];
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  const customer = await apiCustomer();
  seeded = await seedHistory(customer.accountId);
  // New pools, whose connections take the patched query below (the API lane binds each connection's query once).
  await disconnectDb();
  // Every statement any pool sends from here on passes through this.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof first === "string" ? first : first?.text;
    const values = (typeof first === "string" ? second : first?.values) ?? [];
    if (typeof text === "string" && /^\s*(SELECT|WITH)\b/i.test(text)) caught.push({ text, values });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}, 180_000);

afterAll(() => {
  pg.Client.prototype.query = originalQuery;
});

/** Past this many rows (by the planner's statistics) a table is large; an empty week ahead is not. */
const LARGE_ROWS = 10_000;

/** The statements `view` sent, each with the large tables its plan reads by a sequential scan. */
async function seqScansOf(view: () => Promise<unknown>): Promise<{ statement: string; seqScans: string[] }[]> {
  caught.length = 0;
  await view();
  const statements = caught.splice(0);
  expect(statements.length).toBeGreaterThan(0);
  const client = await sql().connect();
  try {
    const found = [];
    for (const s of statements) {
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${s.text}`, s.values);
      const plan = (rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
      const scanned = seqScannedLargeTables(plan);
      const { rows: sizes } = await client.query(
        "SELECT relname, reltuples FROM pg_class WHERE relname = ANY($1::text[])",
        [scanned],
      );
      const large = (sizes as { relname: string; reltuples: number }[]).filter((r) => r.reltuples >= LARGE_ROWS);
      found.push({ statement: s.text.replace(/\s+/g, " ").slice(0, 200), seqScans: large.map((r) => r.relname) });
    }
    return found;
  } finally {
    client.release();
  }
}

function seqScannedLargeTables(node: PlanNode): string[] {
  const own =
    node["Node Type"] === "Seq Scan" &&
    node["Relation Name"] &&
    LARGE_TABLES.some((t) => node["Relation Name"] === t || node["Relation Name"]!.startsWith(`${t}_w`))
      ? [node["Relation Name"]]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScannedLargeTables)];
}

/** Runs each view and fails once, naming every view and statement whose plan scans a large table. */
async function expectIndexed(
  views: Record<string, () => Promise<unknown>>,
  combined: Record<string, () => Promise<unknown>> = {},
) {
  const problems = [];
  for (const [view, run] of Object.entries({ ...views, ...combined }))
    for (const found of await seqScansOf(run)) if (found.seqScans.length) problems.push({ view, ...found });
  expect(problems).toEqual([]);
  // Filters combined are read from the rarest one's index and narrowed by the others (docs/decisions.md): they may
  // read past their page when the combination is rarer than each filter alone, so only single views are held to it.
  await expectOnlyItsPage(views);
}

type AnalyzedNode = PlanNode & { "Rows Removed by Filter"?: number; Plans?: AnalyzedNode[] };

/** Rows a plan read and threw away: a page that filters its way through other accounts' rows costs their history. */
function rowsThrownAway(node: AnalyzedNode): number {
  return (node["Rows Removed by Filter"] ?? 0) + (node.Plans ?? []).reduce((n, p) => n + rowsThrownAway(p), 0);
}

/** Runs each view, then each of its statements under EXPLAIN ANALYZE, and fails naming those that read past their page. */
async function expectOnlyItsPage(views: Record<string, () => Promise<unknown>>, limit = 1_000) {
  const problems = [];
  for (const [view, run] of Object.entries(views)) {
    caught.length = 0;
    await run();
    const statements = caught.splice(0);
    for (const s of statements) {
      const { rows } = await sql().query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values);
      const plan = (rows[0] as { "QUERY PLAN": [{ Plan: AnalyzedNode }] })["QUERY PLAN"][0].Plan;
      const thrown = rowsThrownAway(plan);
      if (thrown > limit) problems.push({ view, statement: s.text.replace(/\s+/g, " ").slice(0, 200), thrown });
    }
  }
  expect(problems).toEqual([]);
}

describe("every view reads its page from an index, at any history size", () => {
  it("the request log, with each filter, a second page and a line's detail", async () => {
    const accountId = seeded.accountId;
    const first = await listRequests({ accountId });
    expect(first.items).toHaveLength(50);
    const from = new Date(Date.now() - 40 * 86_400_000);
    await expectIndexed(
      {
        unfiltered: () => listRequests({ accountId }),
        "2xx": () => listRequests({ accountId, status: "2xx" }),
        "4xx": () => listRequests({ accountId, status: "4xx" }),
        "5xx": () => listRequests({ accountId, status: "5xx" }),
        "a code no line has": () => listRequests({ accountId, code: "NO_LINE_HAS_THIS_CODE" }),
        "a common code": () => listRequests({ accountId, code: "INVALID_PHONE_NUMBER" }),
        "a path": () => listRequests({ accountId, path: "/sms" }),
        "a path no line has": () => listRequests({ accountId, path: "/nothing-like-this" }),
        "a key": () => listRequests({ accountId, keyPrefix: seeded.keyPrefix }),
        "a request id": () => listRequests({ accountId, requestId: seeded.requestId }),
        "a day 40 days ago": () => listRequests({ accountId, from, to: new Date(from.getTime() + 86_400_000) }),
        "the second page": () => listRequests({ accountId, cursor: first.nextCursor! }),
        "a line's detail": () => getRequest({ accountId, id: first.items[0]!.id }),
        "the staff account's last errors": () => latestErrorLines(accountId, 20),
      },
      {
        "an error class and a path": () => listRequests({ accountId, status: "4xx", path: "/sms" }),
        "a code and a key": () =>
          listRequests({ accountId, code: "INVALID_PHONE_NUMBER", keyPrefix: seeded.keyPrefix }),
        "class, path and code": () =>
          listRequests({ accountId, status: "4xx", path: "/sms", code: "INVALID_PHONE_NUMBER" }),
      },
    );
  });

  it("the overview, its checklist, the usage page, the webhook log and the staff operations page", async () => {
    const accountId = seeded.accountId;
    const { rows } = await sql().query<{ user_id: string }>("SELECT user_id FROM memberships WHERE account_id = $1", [
      accountId,
    ]);
    await expectIndexed({
      overview: () => accountActivity(accountId),
      "the get-started checklist": () => getStartedChecklist({ accountId, userId: rows[0]!.user_id }),
      usage: () => getUsage({ accountId }),
      "the webhook log": () => webhookOverview({ accountId }),
      "the webhook log, live": () => webhookOverview({ accountId, mode: "live" }),
      "the webhook log, test": () => webhookOverview({ accountId, mode: "test" }),
      "the staff operations page": () => operationsOverview(),
    });
  });

  it("the messages page, with each filter and a second page", async () => {
    const accountId = seeded.accountId;
    await expectIndexed({
      unfiltered: () => listMessages({ accountId }),
      sms: () => listMessages({ accountId, kind: "sms" }),
      email: () => listMessages({ accountId, kind: "email" }),
      delivered: () => listMessages({ accountId, status: "delivered" }),
      failed: () => listMessages({ accountId, status: "failed" }),
      pending: () => listMessages({ accountId, status: "pending" }),
      received: () => listMessages({ accountId, status: "received" }),
      "a tag no email has": () => listMessages({ accountId, tag: "campaign:none-has-this" }),
      "a page 30 days back": () => listMessages({ accountId, before: new Date(Date.now() - 30 * 86_400_000) }),
      scheduled: () => listMessages({ accountId, status: "scheduled" }),
      "the SMS waiting for their window": () => listScheduledSms({ accountId }),
    });
  });

  it("the staff search, by any id, phone, email, reference or request id, and a transaction's timeline", async () => {
    await expectIndexed({
      "an SMS id": () => staffSearch(seeded.smsId),
      "a phone number": () => staffSearch(seeded.phone),
      "a phone number, national form": () => staffSearch(seeded.phone.replace("+233", "0")),
      "an email address": () => staffSearch(seeded.email),
      "a customer reference": () => staffSearch(seeded.reference),
      "a request id": () => staffSearch(seeded.requestId),
      "an email transaction id": () => staffSearch(seeded.emailTransactionId),
      "an id nothing has": () => staffSearch("sms_nothing_like_this"),
      "a transaction's timeline": () => transactionTimeline(seeded.smsId),
    });
  });

  it("the billing page, the staff account and the audit log read the account's newest rows, not everyone's", async () => {
    // Another account wrote after the seeded one: the newest ids are all theirs. A plan that walks the primary key
    // backwards and filters by account would read every one of them before reaching the seeded account's page.
    const other = await apiCustomer();
    await sql().query(
      `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, created_at)
       SELECT $1, 'credit', 1000, 1000 * i, 'seed', 'seed', now() FROM generate_series(1, 20000) AS i`,
      [other.accountId],
    );
    await sql().query(
      `INSERT INTO audit_events (actor, action, account_id, target, data, created_at)
       SELECT 'seed', 'key.created', $1, 'seed_' || i, '{}'::jsonb, now() FROM generate_series(1, 20000) AS i`,
      [other.accountId],
    );
    await sql().query("ANALYZE ledger_entries, audit_events");
    const accountId = seeded.accountId;
    const page = await billingOverview({ accountId });
    expect(page.ledger).toHaveLength(50);
    await expectOnlyItsPage({
      "the billing page": () => billingOverview({ accountId }),
      "the billing page's second page": () => billingOverview({ accountId, beforeId: BigInt(page.nextBeforeId!) }),
      "the staff account": () => staffAccount(accountId),
      "the audit log": () => accountAuditLog(accountId),
    });
  });
});
