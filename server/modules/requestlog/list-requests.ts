import { db } from "../../db/client";
import { Prisma, type RequestLog } from "../../db/generated/client";
import type { ListRequestsInput } from "./schemas";
import { matchingKeyPrefixes, matchingPaths } from "./request-log-values";

const PAGE = 50;
const STATUS_CLASS = { "2xx": 2, "4xx": 4, "5xx": 5 } as const;

/** A line as the raw queries below return it: the model's own shape. */
export type RequestLogRow = RequestLog;

const COLUMNS = Prisma.sql`id, created_at AS "createdAt", account_id AS "accountId", api_key_id AS "apiKeyId",
  key_prefix AS "keyPrefix", mode::text AS mode, method, path, status, error_code AS "errorCode",
  latency_ms AS "latencyMs", transaction_id AS "transactionId", idempotent_replay AS "idempotentReplay",
  service::text AS service, request_id AS "requestId"`;

/**
 * Newest first, 50 a page; `cursor` is the id of the last line of the previous page. Every filter reads its page in
 * (created_at, id) order from an index that starts with the account and the filtered value (see the migration
 * 20261124010000_request_log_partitions), so a page costs what it shows, not what the account has sent: the newest
 * week's partition answers most pages alone. Path ("contains") and key ("starts with") are first turned into the
 * exact values that match, and each value's index is read for one page, the pages merged.
 */
export async function listRequests(input: ListRequestsInput) {
  const after = input.cursor ? await cursorLine(input.accountId, BigInt(input.cursor)) : null;
  if (input.cursor && !after) return { items: [], nextCursor: null };
  const conditions = [Prisma.sql`account_id = ${input.accountId}`];
  if (input.status) conditions.push(Prisma.sql`(status / 100) = ${STATUS_CLASS[input.status]}`);
  if (input.code) conditions.push(Prisma.sql`error_code = ${input.code.toUpperCase()}`);
  if (input.requestId) conditions.push(Prisma.sql`request_id = ${input.requestId}`);
  if (input.from) conditions.push(Prisma.sql`created_at >= ${input.from}`);
  if (input.to) conditions.push(Prisma.sql`created_at <= ${input.to}`);
  if (after)
    conditions.push(
      Prisma.sql`created_at <= ${after.createdAt} AND (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::bigint)`,
    );

  let rows: RequestLogRow[];
  const [paths, prefixes] = await Promise.all([
    input.path ? matchingPaths(input.accountId, input.path) : null,
    input.keyPrefix ? matchingKeyPrefixes(input.accountId, input.keyPrefix) : null,
  ]);
  // The rarest filter drives and the others narrow what it reads: a request id or an error code (and an error class,
  // errors being a few per cent of the lines) reads its own index; otherwise the paths, then the keys, one page each.
  const rarer = Boolean(input.requestId || input.code || (input.status && input.status !== "2xx"));
  if ((paths && !paths.length) || (prefixes && !prefixes.length)) rows = [];
  else if (paths && !rarer) {
    if (prefixes) conditions.push(Prisma.sql`key_prefix = ANY(${prefixes}::text[])`);
    rows = await newestPerValue(Prisma.sql`path`, paths, conditions, PAGE + 1);
  } else if (prefixes && !rarer) rows = await newestPerValue(Prisma.sql`key_prefix`, prefixes, conditions, PAGE + 1);
  else {
    if (paths) conditions.push(Prisma.sql`path = ANY(${paths}::text[])`);
    if (prefixes) conditions.push(Prisma.sql`key_prefix = ANY(${prefixes}::text[])`);
    rows = await db().$queryRaw<RequestLogRow[]>`SELECT ${COLUMNS} FROM request_logs
      WHERE ${Prisma.join(conditions, " AND ")} ORDER BY created_at DESC, id DESC LIMIT ${PAGE + 1}`;
  }
  const items = rows.slice(0, PAGE).map((r) => ({ ...r, id: r.id.toString() }));
  return { items, nextCursor: rows.length > PAGE ? items.at(-1)!.id : null };
}

/**
 * The newest `limit` lines where `expression` is one of `values` and `conditions` hold: `limit` lines for each value,
 * read newest first from the index that starts with the account and that expression, then merged. No value's
 * whole history is read.
 */
function newestPerValue(
  expression: Prisma.Sql,
  values: string[] | number[],
  conditions: Prisma.Sql[],
  limit: number,
): Promise<RequestLogRow[]> {
  const list = typeof values[0] === "number" ? Prisma.sql`${values}::int[]` : Prisma.sql`${values}::text[]`;
  const where = Prisma.join([...conditions, Prisma.sql`${expression} = v.value`], " AND ");
  return db().$queryRaw<RequestLogRow[]>`SELECT r.* FROM unnest(${list}) AS v(value)
    CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM request_logs WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}) r
    ORDER BY r."createdAt" DESC, r.id DESC LIMIT ${limit}`;
}

/**
 * The newest answers of 400 and more (the staff account page, the Overview): the newest of each error class,
 * merged, as those pages list them.
 */
export async function latestErrorLines(accountId: string, limit: number) {
  const rows = await newestPerValue(Prisma.sql`(status / 100)`, [4, 5], [Prisma.sql`account_id = ${accountId}`], limit);
  return rows.map((e) => ({
    id: e.id.toString(),
    at: e.createdAt,
    method: e.method,
    path: e.path,
    status: e.status,
    code: e.errorCode,
    transactionId: e.transactionId,
  }));
}

/** The line a cursor names, found by its id in each week's primary key. */
async function cursorLine(accountId: string, id: bigint) {
  return db().requestLog.findFirst({ where: { accountId, id }, select: { id: true, createdAt: true } });
}

export async function getRequest(input: { accountId: string; id: string }) {
  const row = await db().requestLog.findFirst({ where: { accountId: input.accountId, id: BigInt(input.id) } });
  if (!row) return null;
  const [sms, bodies] = await Promise.all([
    row.transactionId
      ? db().smsMessage.findFirst({ where: { id: row.transactionId, accountId: input.accountId } })
      : null,
    row.requestId
      ? db().requestLogBody.findFirst({
          // The line's own time finds the week its body is kept in.
          where: { requestId: row.requestId, createdAt: row.createdAt, accountId: input.accountId },
        })
      : null,
  ]);
  return {
    ...row,
    id: row.id.toString(),
    // Redacted when written (redact-body.ts); null for lines from before bodies were kept.
    requestBody: bodies?.request ?? null,
    responseBody: bodies?.response ?? null,
    transaction: sms && {
      id: sms.id,
      status: sms.status,
      to: sms.toNumber,
      segments: sms.segments,
      route: sms.route,
      provider: sms.provider,
      priceMicros: sms.priceMicros.toString(),
      error: sms.errorMessage,
    },
  };
}
