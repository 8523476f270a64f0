// POST /api/v1/sms/send (SPEC 4.3). prepareSms() is pure validation (nothing
// is written). sendSms() reserves and records the pending message in one
// statement, tries the route's carriers in order outside any database
// transaction (an unavailable carrier hands over to the next; a rejection
// stops), then settles in one statement: sent + capture at the quoted price,
// whichever carrier took it, or failed + refund, each with its event. A
// promotional message outside its country's window is written scheduled
// instead (held, sms.scheduled) and left to the worker (send-due-scheduled-sms.ts).
// With shorten_links, the links become short links first (short-links/), and
// the text as sent is what is counted, priced, stored and answered.
import { AppError } from "../../errors/app-error";
import { redactInternal } from "../../lib/redact-internal";
import { newTransactionId } from "../../lib/transaction-ids";
import { publicUrl, shortUrlBase } from "../../config/public-url";
import type { SmsMessage } from "../../db/generated/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { insufficientBalance } from "../billing/insufficient-balance";
import { CarrierRejected, type CarrierAcceptance, type OutboundSms, type SmsCarrier } from "../../providers/sms";
import { tryCarriers } from "./try-carriers";
import { countSegments, type SegmentCount } from "../../lib/sms-segments";
import { parseRecipientFor } from "./suggest-e164";
import { checkSender } from "./check-sender";
import { closedWindow, outsideWindowError } from "./country-window";
import { pickCarriers } from "./pick-carriers";
import { allocatedNetworkSlug } from "../networks/allocated-network";
import { networkCatalogue } from "../networks/network-catalogue";
import { resolveRoute, type RoutePlan } from "./resolve-route";
import { MAX_SMS_CHARACTERS, type SendSmsInput } from "./schemas";
import { smsView } from "./sms-view";
import {
  insertPendingSms,
  markSmsCancelled,
  markSmsFailed,
  markSmsSent,
  markSmsUnknown,
  type PendingSms,
} from "./sms-store";
import { shortenBody, type ShortenedBody } from "./short-links/shorten-body";
import { isShortLinkCollision } from "./short-links/save-short-links";
import { writeOrRetryLater } from "../../db/write-or-retry";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { commitOrRefund, type HandOff } from "../billing/hand-off";

export type SmsPlan = {
  to: string;
  sender: string;
  category: string;
  counts: SegmentCount;
  route: RoutePlan;
  priceMicros: bigint;
  carriers: SmsCarrier[];
  /** Outside its country's window: when the window opens, and the message goes out. */
  scheduledAt: Date | null;
  /** The number's network (its allocated range's slug), for the delivery figures; null where unknown. */
  network: string | null;
  /** With shorten_links: the text as sent (what counts measured) and its links, written with the message. */
  shortened?: ShortenedBody;
};

export async function prepareSms(input: SendSmsInput, caller: ApiCaller): Promise<SmsPlan> {
  const { e164, countryIso } = await parseRecipientFor({ to: input.to, accountId: caller.accountId });
  // Ids are made here (nothing is written before the send): what is counted and priced is the text as sent.
  const shortened = input.shorten_links ? shortenBody(input.message, { base: shortUrlBase() }) : undefined;
  const counts = countSegments(shortened?.body ?? input.message);
  if (counts.characters > MAX_SMS_CHARACTERS) {
    throw new AppError("MESSAGE_TOO_LONG", {
      message: `Message is ${counts.characters} characters${shortened?.links.length ? " with its short links" : ""}; the limit is ${MAX_SMS_CHARACTERS}`,
      context: { limit: MAX_SMS_CHARACTERS, length: counts.characters },
    });
  }
  const route = await resolveRoute({ countryIso, region: input.region, continent: input.continent });
  const sender = await checkSender({
    from: input.from,
    accountId: caller.accountId,
    countryIso,
    mode: caller.mode,
    to: e164,
    fallback: input.sender_fallback,
  });
  const category = input.category ?? "transactional";
  const closed = await closedWindow({ countryIso, category });
  if (closed && input.outside_window === "refuse") throw outsideWindowError(countryIso, closed);
  // The number's network picks the carriers too: one demoted for it goes last (KASA_ROUTE_AUTODEMOTE).
  const network = allocatedNetworkSlug(await networkCatalogue(), e164, route.country);
  const carriers = await pickCarriers(route.route, caller.mode, network);
  if (!carriers.length)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Live SMS is not configured on this deployment; nothing was charged",
      context: { service: "sms" },
    });
  return {
    to: e164,
    sender,
    category,
    counts,
    route,
    priceMicros: route.pricePerSegmentMicros * BigInt(counts.segments),
    carriers,
    scheduledAt: closed?.opensAt ?? null,
    network,
    ...(shortened ? { shortened } : {}),
  };
}

/**
 * What a product built on SMS (Verify) decides for its message: its transaction id, made before the send so a
 * record can point at it first, and the text kept on the row when the carrier's text is a secret.
 */
export type SmsSendOptions = { id?: string; storedBody?: string; broadcastId?: string };

/** `handOff.commit()` is called right before the first carrier is called; it throws when the request's deadline passed. */
export async function sendSms({
  input,
  plan,
  caller,
  idem,
  handOff,
  options = {},
}: {
  input: SendSmsInput;
  plan: SmsPlan;
  caller: ApiCaller;
  idem?: IdempotencyScope;
  handOff?: HandOff;
  options?: SmsSendOptions;
}) {
  const { sms, reason } = newPendingSms({ input, plan, caller });
  if (options.id) sms.id = options.id;
  if (options.storedBody !== undefined) sms.body = options.storedBody;
  if (options.broadcastId) sms.broadcastId = options.broadcastId;
  const pending: PendingSms = { sms, reason, idem, links: plan.shortened?.links };
  if (plan.scheduledAt) return scheduleSms({ pending, input, plan, caller, handOff });

  // The recovery point: from here the row says the message may be with a carrier (settle-stuck-sends.ts).
  if (!(await writePending(pending, input))) throw await insufficientBalance(caller.accountId, plan.priceMicros);

  await commitOrRefund(handOff, () => {
    Object.assign(sms, {
      status: "failed",
      errorCode: "not_sent",
      errorMessage: "Not sent: the request ran out of time",
    });
    return markSmsFailed(sms, `Refund: ${reason}`);
  });
  // The carrier gets the text as sent: the short one, or the caller's (Verify keeps a masked copy in sms.body).
  const message = plan.shortened ? sms.body : input.message;
  const sent = await deliverPendingSms({ sms, plan, reason, message, handOff });
  return withTextAsSent(sent, sms, plan);
}

/** Written scheduled (held when live) with sms.scheduled; the worker sends it when its window opens. */
async function scheduleSms({
  pending,
  input,
  plan,
  caller,
  handOff,
}: {
  pending: PendingSms;
  input: SendSmsInput;
  plan: SmsPlan;
  caller: ApiCaller;
  handOff?: HandOff;
}) {
  const { sms, reason } = pending;
  Object.assign(sms, { status: "scheduled", scheduledAt: plan.scheduledAt });
  if (!(await writePending(pending, input))) throw await insufficientBalance(caller.accountId, plan.priceMicros);
  // Past the deadline the client was told nothing: the message is cancelled, its hold released.
  await commitOrRefund(handOff, () =>
    markSmsCancelled({ ...sms, status: "cancelled" }, `Refund: ${reason} (not accepted in time)`),
  );
  const view = smsView({ sms, countryName: plan.route.country.name, dialingCode: plan.route.country.dialingCode });
  return withTextAsSent(view, sms, plan);
}

/**
 * insertPendingSms(), its short links written by the same statement. An id already taken fails that whole statement
 * (nothing written): once, the links get fresh ids of the same length, so the segments and price stay as planned.
 */
async function writePending(pending: PendingSms, input: SendSmsInput): Promise<boolean> {
  try {
    return await insertPendingSms(pending);
  } catch (error) {
    if (!pending.links?.length || !isShortLinkCollision(error)) throw error;
    const fresh = shortenBody(input.message, { base: shortUrlBase() });
    Object.assign(pending, { links: fresh.links });
    pending.sms.body = fresh.body;
    return insertPendingSms(pending);
  }
}

/** A send with shorten_links answers the text as sent, with its short links: the caller never saw them. */
function withTextAsSent<T extends object>(view: T, sms: SmsMessage, plan: SmsPlan): T & { message?: string } {
  return plan.shortened ? { ...view, message: sms.body } : view;
}

/**
 * A pending message (its money held, the row written) handed to the route's carriers in order, then settled: sent,
 * failed or unknown. The API's send and the scheduled-SMS worker both end here.
 */
export async function deliverPendingSms({
  sms,
  plan,
  reason,
  message,
  handOff,
}: {
  sms: SmsMessage;
  plan: SmsPlan;
  reason: string;
  message: string;
  handOff?: HandOff;
}) {
  const statusCallbackBase = publicUrl();
  const { accepted, ambiguous, attempts, failure } = await tryCarriers({
    carriers: plan.carriers,
    message: (carrier) => outboundSms({ sms, plan, message, carrier, statusCallbackBase, handOff }),
    mode: sms.mode,
  });
  sms.carrierAttempts = attempts;
  const view = () =>
    smsView({ sms, countryName: plan.route.country.name, dialingCode: plan.route.country.dialingCode });
  // Past the carrier, the answer says what is true even when the database is briefly away: the settle is retried.
  const settle = (what: string, write: () => Promise<unknown>) =>
    writeOrRetryLater(`${what} ${sms.id}`, write, handOff?.remainingMs?.());

  if (ambiguous) {
    Object.assign(sms, {
      status: "unknown",
      provider: ambiguous.provider,
      providerMessageId: ambiguous.confirmedPartIds[0] ?? null,
      errorMessage: `The carrier's answer was lost (${ambiguous.message}); it may have the message, so it was not sent elsewhere`,
      updatedAt: new Date(),
    });
    await settle("unknown", () => markSmsUnknown({ sms, reason, partIds: ambiguous.confirmedPartIds }));
    return { ...view(), detail: redactInternal(sms.errorMessage) };
  }
  if (!accepted) {
    const rejected = failure instanceof CarrierRejected;
    const detail = failure?.message ?? "Carrier error";
    Object.assign(sms, {
      status: "failed",
      errorCode: rejected ? "carrier_rejected" : "carrier_unavailable",
      errorMessage: detail,
      updatedAt: new Date(),
      failureReason: rejected ? ((failure as CarrierRejected).reason ?? "rejected") : "network_error",
      provider: attempts.at(-1)?.carrier ?? sms.provider,
    });
    await settle("refund", () => markSmsFailed(sms, `Refund: ${reason}`));
    throw sendFailure(sms);
  }
  const partIds = acceptedSms(sms, accepted);
  await settle("capture", () => markSmsSent({ sms, reason, partIds }));
  return view();
}

/** The message sendSms() records pending, and the reason its ledger entries give (the API bench's baseline builds it too). */
export function newPendingSms({ input, plan, caller }: { input: SendSmsInput; plan: SmsPlan; caller: ApiCaller }): {
  sms: SmsMessage;
  reason: string;
} {
  const now = new Date();
  const sms: SmsMessage = {
    id: newTransactionId("sms"),
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    mode: caller.mode,
    toNumber: plan.to,
    sender: plan.sender,
    body: plan.shortened?.body ?? input.message,
    reference: input.reference ?? null,
    broadcastId: null,
    encoding: plan.counts.encoding,
    characters: plan.counts.characters,
    segments: plan.counts.segments,
    countryIso: plan.route.country.iso2,
    route: plan.route.route,
    region: plan.route.region,
    provider: plan.carriers[0]!.name,
    providerMessageId: null,
    status: "pending",
    priceMicros: plan.priceMicros,
    currency: plan.route.currency,
    errorCode: null,
    errorMessage: null,
    receiptDueAt: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
    carrierAttempts: [],
    failureReason: null,
    category: plan.category,
    scheduledAt: null,
    network: plan.network,
    clickedAt: null,
  };
  const reason = smsChargeReason(plan.to, plan.counts.segments);
  return { sms, reason };
}

/** What an SMS's ledger entries say (the same whether it is sent at once or when its window opens). */
export function smsChargeReason(to: string, segments: number): string {
  return `SMS to ${to} (${segments} segment${segments > 1 ? "s" : ""})`;
}

/** What `carrier` is handed for `sms`. */
export function outboundSms({
  sms,
  plan,
  message,
  carrier,
  statusCallbackBase,
  handOff,
}: {
  sms: SmsMessage;
  plan: SmsPlan;
  message: string;
  carrier: SmsCarrier;
  statusCallbackBase: string;
  handOff?: Pick<HandOff, "signal">;
}): OutboundSms {
  return {
    transactionId: sms.id,
    to: plan.to,
    from: plan.sender,
    body: message,
    segments: plan.counts.segments,
    // Read only by a carrier that may wait for its turn (SMPP's window): the deadline makes its signal when asked.
    get signal() {
      return handOff?.signal;
    },
    // Our transaction id rides in the callback URL, so a receipt finds its message even if the carrier's answer was lost.
    statusCallbackUrl: carrier.statusCallbackPath
      ? `${statusCallbackBase}${carrier.statusCallbackPath}&tx=${encodeURIComponent(sms.id)}`
      : undefined,
  };
}

/** `sms` as `accepted` took it: sent. Returns the part ids to record for markSmsSent(). */
export function acceptedSms(sms: SmsMessage, accepted: CarrierAcceptance): string[] {
  Object.assign(sms, {
    status: "sent",
    provider: accepted.provider,
    providerMessageId: accepted.messageId,
    updatedAt: new Date(),
    receiptDueAt: accepted.simulatedReceipt ? new Date(Date.now() + accepted.simulatedReceipt.afterMs) : null,
  });
  // One part is found by the message's own provider_message_id; only a long message's parts get rows (one write less per send).
  return (accepted.partIds?.length ?? 0) > 1 ? accepted.partIds! : [];
}

/** SMS_SEND_FAILED for a failed message: 400 when the carrier refused it, 503 when no carrier could take it. */
export function sendFailure(
  sms: Pick<SmsMessage, "id" | "errorCode" | "errorMessage" | "failureReason" | "carrierAttempts">,
) {
  const rejected = sms.errorCode === "carrier_rejected";
  const detail = redactInternal(sms.errorMessage ?? "Carrier error");
  const attempts = Array.isArray(sms.carrierAttempts) ? sms.carrierAttempts.length : 1;
  return new AppError("SMS_SEND_FAILED", {
    status: rejected ? 400 : 503,
    message: rejected
      ? `The carrier rejected this message: ${detail}`
      : `${attempts > 1 ? "Every carrier on the route is failing" : "The carrier is failing"}: ${detail}; retry with the same idempotency_key`,
    context: {
      transaction_id: sms.id,
      provider_message: detail,
      ...(rejected && sms.failureReason ? { reason: sms.failureReason } : {}),
    },
  });
}
