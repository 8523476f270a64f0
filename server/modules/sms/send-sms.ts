// POST /api/v1/sms/send (SPEC 4.3). prepare() is pure validation (nothing is
// written); execute() reserves, calls the carrier outside any database
// transaction, then settles: capture or refund, status, event.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newTransactionId } from "../../lib/transaction-ids";
import { publicUrl } from "../../config/public-url";
import type { ApiCaller } from "../keys/resolve-api-key";
import { captureFunds, refundFunds, reserveFunds } from "../billing/hold-funds";
import { smsCarrierFor, CarrierRejected, type SmsCarrier } from "../../providers/sms";
import { countSegments, type SegmentCount } from "./segments";
import { parseRecipient } from "./phone";
import { checkSender } from "./check-sender";
import { CONTINENTS, resolveRoute, type RoutePlan } from "./resolve-route";
import { MAX_SMS_CHARACTERS, type SendSmsInput } from "./schemas";
import { smsEventData, smsView } from "./sms-view";

export type SmsPlan = { to: string; sender: string; counts: SegmentCount; route: RoutePlan; priceMicros: bigint; carrier: SmsCarrier };

export async function prepareSms(input: SendSmsInput, caller: ApiCaller): Promise<SmsPlan> {
  const { e164, countryIso } = parseRecipient(input.to);
  const counts = countSegments(input.message);
  if (counts.characters > MAX_SMS_CHARACTERS) {
    throw new AppError("MESSAGE_TOO_LONG", { message: `Message is ${counts.characters} characters; the limit is ${MAX_SMS_CHARACTERS}`, context: { limit: MAX_SMS_CHARACTERS, length: counts.characters } });
  }
  if (input.continent !== undefined && !(CONTINENTS as readonly string[]).includes(input.continent)) {
    throw new AppError("INVALID_CONTINENT", { message: `continent "${input.continent}" is not supported; use one of ${CONTINENTS.join(", ")}, or omit it to detect it from the number`, context: { allowed: CONTINENTS } });
  }
  const sender = checkSender(input.from);
  const route = await resolveRoute({ countryIso, region: input.region, continent: input.continent });
  const carrier = smsCarrierFor(caller.mode);
  if (!carrier) throw new AppError("SERVICE_UNAVAILABLE", { message: "Live SMS is not configured on this deployment; nothing was charged", context: { service: "sms" } });
  return { to: e164, sender, counts, route, priceMicros: route.pricePerSegmentMicros * BigInt(counts.segments), carrier };
}

export async function sendSms(input: SendSmsInput, plan: SmsPlan, caller: ApiCaller) {
  const id = newTransactionId("sms");
  const live = caller.mode === "live";
  const hold = { accountId: caller.accountId, transactionId: id, amountMicros: plan.priceMicros, reason: `SMS to ${plan.to} (${plan.counts.segments} segment${plan.counts.segments > 1 ? "s" : ""})`, actor: caller.keyId };

  await db().$transaction(async (tx) => {
    if (live) await reserveFunds(tx, hold);
    await tx.smsMessage.create({
      data: {
        id, accountId: caller.accountId, apiKeyId: caller.keyId, mode: caller.mode, toNumber: plan.to, sender: plan.sender, body: input.message,
        reference: input.reference ?? null, encoding: plan.counts.encoding, characters: plan.counts.characters, segments: plan.counts.segments,
        countryIso: plan.route.country.iso2, route: plan.route.route, region: plan.route.region, provider: plan.carrier.name,
        status: "pending", priceMicros: plan.priceMicros, currency: plan.route.currency,
      },
    });
  });

  let acceptance;
  try {
    acceptance = await plan.carrier.send({ transactionId: id, to: plan.to, from: plan.sender, body: input.message, segments: plan.counts.segments, statusCallbackUrl: `${publicUrl()}/api/carriers/${plan.carrier.name}/status` });
  } catch (error) {
    const rejected = error instanceof CarrierRejected;
    const reason = error instanceof Error ? error.message : "Carrier error";
    await db().$transaction(async (tx) => {
      const sms = await tx.smsMessage.update({ where: { id }, data: { status: "failed", errorCode: rejected ? "carrier_rejected" : "carrier_unavailable", errorMessage: reason, updatedAt: new Date() } });
      if (live) await refundFunds(tx, { ...hold, reason: `Refund: ${hold.reason}` });
      await tx.event.create({ data: { accountId: caller.accountId, transactionId: id, event: "sms.failed", data: smsEventData(sms) } });
    });
    throw new AppError("SMS_SEND_FAILED", {
      status: rejected ? 400 : 503,
      message: rejected ? `The carrier rejected this message: ${reason}` : `The carrier is failing: ${reason}; retry with the same idempotency_key`,
      context: { transaction_id: id, provider_message: reason },
    });
  }

  const sms = await db().$transaction(async (tx) => {
    const receiptDueAt = acceptance.simulatedReceipt ? new Date(Date.now() + acceptance.simulatedReceipt.afterMs) : null;
    const updated = await tx.smsMessage.update({ where: { id }, data: { status: "sent", provider: acceptance.provider, providerMessageId: acceptance.messageId, receiptDueAt, updatedAt: new Date() } });
    if (live) await captureFunds(tx, hold);
    await tx.event.create({ data: { accountId: caller.accountId, transactionId: id, event: "sms.sent", data: smsEventData(updated) } });
    return updated;
  });
  return smsView(sms, plan.route.country.name, plan.route.country.dialingCode);
}
