import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import type { ListRequestsInput } from "./schemas";

const PAGE = 50;
const STATUS_RANGES = { "2xx": [200, 299], "4xx": [400, 499], "5xx": [500, 599] } as const;

/** Newest first, 50 a page; `cursor` is the last id of the previous page. */
export async function listRequests(input: ListRequestsInput) {
  const where: Prisma.RequestLogWhereInput = { accountId: input.accountId };
  if (input.status) where.status = { gte: STATUS_RANGES[input.status][0], lte: STATUS_RANGES[input.status][1] };
  if (input.code) where.errorCode = input.code.toUpperCase();
  if (input.path) where.path = { contains: input.path };
  if (input.keyPrefix) where.keyPrefix = { startsWith: input.keyPrefix };
  if (input.requestId) where.requestId = input.requestId;
  if (input.from || input.to) where.createdAt = { gte: input.from, lte: input.to };
  if (input.cursor) where.id = { lt: BigInt(input.cursor) };
  const rows = await db().requestLog.findMany({ where, orderBy: { id: "desc" }, take: PAGE + 1 });
  const items = rows.slice(0, PAGE).map((r) => ({ ...r, id: r.id.toString() }));
  return { items, nextCursor: rows.length > PAGE ? items.at(-1)!.id : null };
}

export async function getRequest(input: { accountId: string; id: string }) {
  const row = await db().requestLog.findFirst({ where: { accountId: input.accountId, id: BigInt(input.id) } });
  if (!row) return null;
  const [sms, bodies] = await Promise.all([
    row.transactionId
      ? db().smsMessage.findFirst({ where: { id: row.transactionId, accountId: input.accountId } })
      : null,
    row.requestId
      ? db().requestLogBody.findFirst({ where: { requestId: row.requestId, accountId: input.accountId } })
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
