import { toAmountNumber } from "../../lib/money";
import { refundCharge } from "../billing/refund-charge";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support gives a charged transaction's money back, once, with the reason in the audit log. */
export async function refundTransaction(staff: Staff, input: { transactionId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const actor = staffActor(staff);
  const { amountMicros } = await refundCharge({
    transactionId: input.transactionId,
    reason: `Support refund: ${reason}`,
    actor,
    audit: { actor, action: "transaction.refund", reason },
  });
  return { refunded: toAmountNumber(amountMicros) };
}
