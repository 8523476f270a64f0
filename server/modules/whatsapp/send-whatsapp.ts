// POST /api/v1/whatsapp/send (issue #42, point 3). prepareWhatsapp() checked everything; here the message is written
// pending with its price held (the recovery point), Meta is called with Kasa's transaction id as the message's
// callback data, and what Meta answered is written: sent (held until Meta says delivered), failed (refunded, 400
// WHATSAPP_SEND_FAILED with Meta's code and reason) or, when Meta's answer was lost, unknown: held, never sent again
// (that could reach the person twice), and settled by the first status Meta posts for it (apply-whatsapp-payload.ts).
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { insufficientBalance } from "../billing/insufficient-balance";
import { commitOrRefund, type HandOff } from "../billing/hand-off";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { writeOrRetryLater } from "../../db/write-or-retry";
import { GraphError, GraphUnavailable, GraphUnreachable, sendMessage } from "../../providers/whatsapp/graph-api";
import { metaCredentials } from "./meta-credentials";
import { metaFailureReason } from "./meta-failures";
import type { WhatsappCaller, WhatsappPlan } from "./prepare-whatsapp";
import { sandboxSend } from "./sandbox-statuses";
import type { WhatsappRequest } from "./send-schemas";
import {
  insertPendingWhatsapp,
  markWhatsappAccepted,
  markWhatsappFailed,
  markWhatsappUnknown,
  type PendingWhatsapp,
} from "./whatsapp-message-store";
import { whatsappEventData, whatsappMessageView } from "./whatsapp-message-view";
import type { WhatsappMessage } from "../../db/generated/client";

export async function sendWhatsapp({
  input,
  plan,
  caller,
  idem,
  handOff,
  options = {},
}: {
  input: WhatsappRequest;
  plan: WhatsappPlan;
  caller: WhatsappCaller;
  idem?: IdempotencyScope;
  handOff?: HandOff;
  /** Verify's: the transaction id made before the send, and the text kept with the code masked. */
  options?: { id?: string; storedBody?: string | null };
}) {
  // Unsealed before anything is written: a number that cannot be used fails with nothing held.
  const meta = plan.number.sandbox ? null : metaCredentials(plan.number);
  const pending = pendingMessage(input, plan, caller);
  if (options.id) pending.id = options.id;
  if (options.storedBody !== undefined) pending.body = options.storedBody;
  if (!(await insertPendingWhatsapp(pending, idem)))
    throw await insufficientBalance(caller.accountId, plan.priceMicros);
  const row = messageRow(pending);
  const data = (status: string) =>
    whatsappEventData({ ...row, status, updatedAt: new Date() }, plan.number.displayPhoneNumber);
  const settle = (what: string, write: () => Promise<unknown>) =>
    writeOrRetryLater(`whatsapp ${what} ${pending.id}`, write, handOff?.remainingMs?.());

  await commitOrRefund(handOff, () => {
    const message = "Not sent: the request ran out of time";
    Object.assign(row, { errorMessage: message });
    return markWhatsappFailed({ id: pending.id, code: null, message, reason: pending.reason }, data);
  });
  try {
    const { wamid } = meta
      ? await sendMessage(meta.phoneNumberId, meta.accessToken, plan.to, plan.message, pending.id, handOff?.signal)
      : await sandboxSend(plan, pending.id);
    Object.assign(row, { status: "sent", wamid, sentAt: new Date() });
    await settle("sent", () => markWhatsappAccepted(pending.id, wamid, data));
    return whatsappMessageView(row, plan.number.displayPhoneNumber);
  } catch (error) {
    if (error instanceof GraphUnreachable) {
      Object.assign(row, { status: "failed", errorMessage: error.message, failedAt: new Date() });
      await settle("refund", () =>
        markWhatsappFailed({ id: pending.id, code: null, message: error.message, reason: pending.reason }, data),
      );
      throw sendFailure(row, 503);
    }
    // No answer, or Meta's own failure (5xx, such as 131000 "Something went wrong"): it may have the message.
    if (error instanceof GraphUnavailable || (error instanceof GraphError && error.status >= 500)) {
      const message = `Meta's answer was lost (${error.message}): it may have the message, so it is not sent again; the first status Meta posts for it settles it (refunded if none comes within a day)`;
      Object.assign(row, { status: "unknown", errorMessage: message });
      await settle("unknown", () => markWhatsappUnknown(pending.id, message));
      return { ...whatsappMessageView(row, plan.number.displayPhoneNumber), detail: message };
    }
    if (!(error instanceof GraphError)) throw error;
    const message = error.details ? `${error.message}: ${error.details}` : error.message;
    Object.assign(row, { status: "failed", errorCode: error.code, errorMessage: message, failedAt: new Date() });
    await settle("refund", () =>
      markWhatsappFailed({ id: pending.id, code: error.code, message, reason: pending.reason }, data),
    );
    throw sendFailure(row);
  }
}

/** WHATSAPP_SEND_FAILED for a message not sent: 400 when Meta refused it, 503 when Meta could not be reached. */
export function sendFailure(m: Pick<WhatsappMessage, "id" | "errorCode" | "errorMessage">, status = 400) {
  const reason = m.errorCode === null ? "meta_unavailable" : metaFailureReason(m.errorCode);
  return new AppError("WHATSAPP_SEND_FAILED", {
    status,
    message:
      status === 503
        ? `${m.errorMessage ?? "Meta could not be reached"}: nothing was sent or charged; retry with the same idempotency_key`
        : `Meta refused the message: ${m.errorMessage ?? "no reason given"}`,
    context: { transaction_id: m.id, reason, meta_code: m.errorCode },
  });
}

function pendingMessage(input: WhatsappRequest, plan: WhatsappPlan, caller: WhatsappCaller): PendingWhatsapp {
  return {
    id: newId("wam"),
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    mode: caller.mode,
    numberId: plan.number.id,
    contact: plan.to,
    kind: plan.kind,
    templateName: plan.template?.name ?? null,
    templateLanguage: plan.template?.language ?? null,
    category: plan.category,
    body: plan.body,
    media: plan.media,
    countryIso: plan.countryIso,
    priceMicros: plan.priceMicros,
    currency: plan.currency,
    reference: input.reference ?? null,
    reason: `WhatsApp ${plan.template ? `template ${plan.template.name}` : plan.kind} to ${plan.to}`,
  };
}

/** The row as written, for the answer and the events (no second read). */
function messageRow(p: PendingWhatsapp): WhatsappMessage {
  const now = new Date();
  return {
    id: p.id,
    accountId: p.accountId,
    apiKeyId: p.apiKeyId,
    mode: p.mode,
    numberId: p.numberId,
    direction: "outbound",
    contact: p.contact,
    kind: p.kind,
    templateName: p.templateName,
    templateLanguage: p.templateLanguage,
    category: p.category,
    body: p.body,
    media: p.media,
    countryIso: p.countryIso,
    status: "pending",
    wamid: null,
    priceMicros: p.priceMicros,
    currency: p.currency,
    moneySettled: p.mode === "test",
    errorCode: null,
    errorMessage: null,
    profileName: null,
    reference: p.reference,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    deliveredAt: null,
    readAt: null,
    failedAt: null,
  };
}
