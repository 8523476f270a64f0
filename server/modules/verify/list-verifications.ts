// The Verify page's list: an account's verifications of one mode, newest
// first, a page at a time (`before`), from the (account, mode, created_at)
// index. A test verification shows its code (nothing was delivered to a
// phone); a live one never does.
import { db } from "../../db/client";
import { unsealVerifyCode } from "./verify-code";
import { effectiveStatus } from "./verification-view";

const PAGE = 25;

export async function listVerifications(input: {
  accountId: string;
  mode: "live" | "test";
  status?: "pending" | "approved" | "failed" | "expired";
  before?: Date;
}) {
  const rows = await db().verification.findMany({
    where: {
      accountId: input.accountId,
      mode: input.mode,
      ...(input.before ? { createdAt: { lt: input.before } } : {}),
      ...statusFilter(input.status),
    },
    orderBy: { createdAt: "desc" },
    take: PAGE + 1,
  });
  const items = rows.slice(0, PAGE).map((v) => ({
    id: v.id,
    to: v.toAddress,
    channel: v.channel,
    country: v.countryIso,
    status: effectiveStatus(v),
    sends: v.sends,
    wrongAttempts: v.wrongAttempts,
    createdAt: v.createdAt.toISOString(),
    expiresAt: v.expiresAt.toISOString(),
    secondsToApprove: v.approvedAt ? Math.round((v.approvedAt.getTime() - v.createdAt.getTime()) / 1000) : null,
    testCode: v.mode === "test" && v.codeSealed ? unsealVerifyCode(v.codeSealed) : null,
  }));
  return { items, nextBefore: rows.length > PAGE ? items.at(-1)!.createdAt : null };
}

// Stored pending past its time is expired (the worker writes it down within seconds; the filter says it now).
function statusFilter(status: string | undefined) {
  const now = new Date();
  if (status === "pending") return { status: "pending" as const, expiresAt: { gt: now } };
  if (status === "expired")
    return { OR: [{ status: "expired" as const }, { status: "pending" as const, expiresAt: { lte: now } }] };
  return status ? { status: status as "approved" | "failed" } : {};
}
