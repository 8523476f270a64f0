import { toAmountNumber } from "../../lib/money";
import { AppError } from "../../errors/app-error";
import { creditBalance } from "../billing/credit-balance";
import { debitBalance } from "../billing/debit-balance";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support credits (positive) or debits (negative) an account: one ledger entry and its audit row each; a debit never takes the balance below zero. */
export async function adjustBalance(staff: Staff, input: { accountId: string; amount: number; reason: string }) {
  const reason = requireReason(input.reason);
  if (!Number.isFinite(input.amount))
    throw new AppError("INVALID_AMOUNT", { message: "The amount must be a non-zero number" });
  const micros = BigInt(Math.round(input.amount * 1e6));
  if (micros === 0n) throw new AppError("INVALID_AMOUNT", { message: "The amount must be a non-zero number" });
  const actor = staffActor(staff);
  const audit = {
    actor,
    action: micros > 0n ? "balance.credit" : "balance.debit",
    target: input.accountId,
    reason,
    data: { amount: input.amount },
  };
  const change =
    micros > 0n
      ? await creditBalance({
          accountId: input.accountId,
          amountMicros: micros,
          reason: `Support credit: ${reason}`,
          actor,
          audit,
        })
      : await debitBalance({
          accountId: input.accountId,
          amountMicros: -micros,
          reason: `Support debit: ${reason}`,
          actor,
          audit,
        });
  return { balance: toAmountNumber(change.balanceMicros) };
}
