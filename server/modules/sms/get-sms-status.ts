import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import type { CarrierAttempt } from "./try-carriers";
import { coverage } from "../coverage/coverage-cache";
import { applySandboxReceipts } from "./apply-sandbox-receipts";
import { smsErrorView, smsView } from "./sms-view";
import { redactInternal } from "../../lib/redact-internal";

/**
 * GET /api/v1/sms/status: another account's id gets the same NOT_FOUND as an
 * unknown one, and so does the other mode's: a test key (easily leaked, in
 * CI logs and laptops) never reads live recipients or text.
 */
export async function getSmsStatus(input: { transaction_id: string }, caller: ApiCaller) {
  const notFound = () => new AppError("NOT_FOUND", { message: `No SMS transaction ${input.transaction_id}` });
  const owned = await db().smsMessage.findFirst({
    where: { id: input.transaction_id, accountId: caller.accountId, mode: caller.mode },
    select: { id: true, mode: true },
  });
  if (!owned) throw notFound();
  if (owned.mode === "test") await applySandboxReceipts({ transactionId: owned.id });
  const [sms, events, parts] = await Promise.all([
    db().smsMessage.findUniqueOrThrow({ where: { id: owned.id } }),
    db().event.findMany({
      where: { transactionId: owned.id },
      orderBy: { id: "asc" },
      select: { event: true, createdAt: true, data: true },
    }),
    db().smsPart.findMany({ where: { smsId: owned.id }, orderBy: { part: "asc" } }),
  ]);
  const country = (await coverage()).byIso.get(sms.countryIso);
  return {
    ...smsView({ sms, countryName: country?.name, dialingCode: country?.dialingCode }),
    // The text as sent: with shorten_links, its short links (Verify's messages keep their code masked).
    message: sms.body,
    error: smsErrorView(sms),
    // Which carriers were tried, in order, and why the route moved on (their own words, our addresses taken out).
    carrier_attempts: (sms.carrierAttempts as CarrierAttempt[]).map((a) => ({
      ...a,
      ...(typeof a.detail === "string" ? { detail: redactInternal(a.detail) } : {}),
    })),
    parts: parts.length
      ? parts.map((p) => ({
          part: p.part,
          carrier_message_id: p.carrierMessageId,
          status: p.status,
          error_code: p.errorCode,
        }))
      : sms.providerMessageId && sms.mode === "live"
        ? [
            {
              part: 1,
              carrier_message_id: sms.providerMessageId,
              status: sms.status === "unknown" ? "sent" : sms.status,
              error_code: sms.errorCode,
            },
          ]
        : [],
    history: [
      { status: "pending", at: sms.createdAt.toISOString() },
      // A click is not a status of the message: it is clicked_at.
      ...events
        .filter((e) => e.event !== "sms.clicked")
        .map((e) => ({ status: e.event.replace(/^sms\./, ""), at: e.createdAt.toISOString() })),
      ...(sms.status === "unknown" ? [{ status: "unknown", at: sms.updatedAt.toISOString() }] : []),
    ],
    updated_at: sms.updatedAt.toISOString(),
    delivered_at: sms.deliveredAt?.toISOString() ?? null,
    clicked_at: sms.clickedAt?.toISOString() ?? null,
  };
}
