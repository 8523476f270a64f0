// What a purchase's upstream outcome means for the customer's money, the same
// for data and airtime: delivered -> captured, 201; pending -> held, 201 and
// reconciled; declined -> refunded, 400 PURCHASE_FAILED with provider_message;
// degraded -> refunded, 503 PURCHASE_FAILED; never reached the provider ->
// refunded, 502 PROVIDER_ERROR; sent but no answer -> held pending and
// reconciled before any refund, 502 PROVIDER_ERROR (the idempotency key keeps
// this answer, so a retry cannot buy twice); anything else -> refunded, 503.
import { AppError } from "../../errors/app-error";
import { redactInternal } from "../../lib/redact-internal";
import type { Topup } from "../../db/generated/client";
import { insufficientBalance } from "../billing/insufficient-balance";
import {
  ProviderDegraded,
  PurchaseDeclined,
  UpstreamNoAnswer,
  UpstreamUnreachable,
  type PurchaseOutcome,
} from "../../providers/topups";
import { insertPendingTopup, keepTopupPending, settleTopupFailed, settleTopupSuccess } from "./topup-store";
import { reconcileDelayS } from "./reconcile-schedule";
import { topupView } from "./topup-view";
import { writeOrRetryLater } from "../../db/write-or-retry";
import { logger } from "../../lib/logger";
import { countSend, type SendOutcome } from "../operations/send-metrics";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { commitOrRefund, type HandOff } from "../billing/hand-off";

export async function runTopup({
  topup,
  reason,
  call,
  idem,
  handOff,
}: {
  topup: Topup;
  reason: string;
  call: () => Promise<PurchaseOutcome>;
  idem?: IdempotencyScope;
  handOff?: HandOff;
}) {
  if (!(await insertPendingTopup({ topup, reason, idem })))
    throw await insufficientBalance(topup.accountId, topup.priceMicros);
  await commitOrRefund(handOff, () => settleTopupFailed(topup, { message: "Not sent: the request ran out of time" }));
  const unexpectedCode = topup.kind === "data" ? "DATA_PURCHASE_FAILED" : "AIRTIME_PURCHASE_FAILED";
  const context = { transaction_id: topup.id };
  let outcome: PurchaseOutcome;
  const count = (outcome: SendOutcome) =>
    countSend({ channel: topup.kind, carrier: topup.provider, outcome, mode: topup.mode });
  // Past the provider, the answer says what is true even when the database is briefly away: the settle is
  // retried, and the reconciliation job (due from the moment the purchase was created) finishes what is left.
  const settle = (what: string, write: () => Promise<unknown>) =>
    writeOrRetryLater(`${what} ${topup.id}`, write, handOff?.remainingMs?.());
  try {
    outcome = await call();
    count(outcome.status === "delivered" ? "accepted" : "pending");
  } catch (error) {
    const message = (error as Error).message;
    count(
      error instanceof UpstreamNoAnswer ? "pending" : error instanceof PurchaseDeclined ? "rejected" : "unavailable",
    );
    if (error instanceof UpstreamNoAnswer) {
      await settle("hold", () =>
        keepTopupPending(topup, {
          message: `No answer from the provider: ${message}`,
          reconcileAt: new Date(Date.now() + reconcileDelayS(0) * 1000),
          purchasedEvent: false,
        }),
      );
      throw new AppError("PROVIDER_ERROR", {
        message:
          "The provider did not answer in time. The purchase is held pending and checked with the provider: you are charged only if it was delivered. Follow it with the status endpoint.",
        context: { ...context, status: "pending" },
        keepsIdempotencyKey: true,
      });
    }
    await settle("refund", () => settleTopupFailed(topup, { message }));
    if (error instanceof UpstreamUnreachable)
      throw new AppError("PROVIDER_ERROR", {
        message: "The provider is unreachable; nothing was charged",
        context,
      });
    if (error instanceof PurchaseDeclined)
      throw new AppError("PURCHASE_FAILED", {
        status: 400,
        message: `The provider declined this purchase: ${redactInternal(message)}`,
        context: { ...context, provider_message: redactInternal(message) },
      });
    if (error instanceof ProviderDegraded)
      throw new AppError("PURCHASE_FAILED", {
        status: 503,
        message: `The provider is degraded (${redactInternal(message)}); nothing was charged, retry with the same idempotency_key`,
        context,
      });
    logger().error({ err: error, transaction_id: topup.id }, "topup: unexpected provider failure");
    throw new AppError(unexpectedCode, {
      message: "The purchase failed unexpectedly; nothing was charged, retry with the same idempotency_key",
      context,
    });
  }
  const delivered = outcome.status === "delivered";
  if (delivered)
    await settle("capture", () =>
      settleTopupSuccess(topup, { providerReference: outcome.providerReference, message: outcome.message }),
    );
  else
    await settle("hold", () =>
      keepTopupPending(topup, {
        providerReference: outcome.providerReference,
        message: outcome.message,
        reconcileAt: new Date(Date.now() + reconcileDelayS(0) * 1000),
        purchasedEvent: true,
      }),
    );
  const now = new Date();
  return topupView({
    ...topup,
    status: delivered ? "success" : "pending",
    providerReference: outcome.providerReference ?? topup.providerReference,
    providerMessage: outcome.message ?? topup.providerMessage,
    updatedAt: now,
    completedAt: delivered ? now : null,
  });
}
