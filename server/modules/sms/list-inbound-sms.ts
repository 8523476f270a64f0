import { db } from "../../db/client";

/**
 * GET /api/v1/sms/inbound: replies received by the account, newest first;
 * `before` pages on (an ISO time from next_before). Replies come from real
 * phones answering live messages: a test key sees none of them.
 */
export async function listInboundSms(input: {
  accountId: string;
  mode: "test" | "live";
  before?: string;
  limit?: number;
}) {
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 100);
  if (input.mode === "test") return { messages: [], next_before: null };
  const rows = await db().inboundSms.findMany({
    where: { accountId: input.accountId, ...(input.before ? { receivedAt: { lt: new Date(input.before) } } : {}) },
    orderBy: { receivedAt: "desc" },
    take: limit,
  });
  return {
    messages: rows.map((m) => ({
      id: m.id,
      from: m.fromNumber,
      to: m.toAddress,
      message: m.body,
      in_reply_to: m.inReplyTo,
      received_at: m.receivedAt.toISOString(),
    })),
    next_before: rows.length === limit ? rows.at(-1)!.receivedAt.toISOString() : null,
  };
}
