import { db } from "../../db/client";
import { airtimeProviderFor, dataProviderFor } from "../../providers/topups";
import { keepTopupPending, settleTopupFailed, settleTopupSuccess } from "./topup-store";
import { reconcileDelayS } from "./reconcile-schedule";

/**
 * The worker's reconciliation of pending purchases: ask the provider what
 * became of each due one. Delivered -> captured; failed, or never received ->
 * refunded; still pending, or the provider cannot say -> asked again later.
 * A customer is never refunded for something delivered nor charged twice:
 * settling is guarded by status, once.
 */
export async function reconcileTopups(limit = 50): Promise<number> {
  const due = await db().topup.findMany({
    where: { status: "pending", reconcileAt: { lte: new Date() } },
    orderBy: { reconcileAt: "asc" },
    take: limit,
  });
  for (const topup of due) {
    const provider = topup.kind === "data" ? dataProviderFor(topup.mode) : airtimeProviderFor(topup.mode);
    const later = (message?: string) =>
      keepTopupPending(topup, {
        message,
        reconcileAt: new Date(Date.now() + reconcileDelayS(topup.reconcileAttempts + 1) * 1000),
        purchasedEvent: false,
      });
    if (!provider) {
      await later("No provider configured to reconcile with");
      continue;
    }
    try {
      const found = await provider.lookup(topup.id, topup.phoneNumber);
      if (found.status === "delivered")
        await settleTopupSuccess(topup, { providerReference: found.providerReference, message: found.message });
      else if (found.status === "failed")
        await settleTopupFailed(topup, { message: found.message ?? "The provider reports the purchase failed" });
      else if (found.status === "not_found")
        await settleTopupFailed(topup, { message: "The provider never received the purchase" });
      else await later(found.message);
    } catch (error) {
      await later(`Reconciliation could not reach the provider: ${(error as Error).message}`);
    }
  }
  return due.length;
}
