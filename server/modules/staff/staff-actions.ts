// What support can do to an account or a transaction. Every action needs a
// reason and is written to the audit log with who, what, when and why.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { creditBalance } from "../billing/credit-balance";
import { setAccountStatus } from "../accounts/set-account-status";
import { decideSenderId } from "../senders/decide-sender-id";

export type Staff = { id: string; email: string };
const actor = (s: Staff) => `staff:${s.email}`;

function needReason(reason: string): string {
  const r = reason.trim();
  if (r.length < 3) throw new AppError("INVALID_REQUEST", { message: "Say why (a reason is kept in the audit log)", context: { errors: [{ type: "reason", loc: ["reason"], msg: "required" }] } });
  return r;
}

export async function staffSetStatus(staff: Staff, input: { accountId: string; status: "active" | "suspended"; reason: string }) {
  const reason = needReason(input.reason);
  const account = await setAccountStatus({ accountId: input.accountId, status: input.status });
  await recordAudit({ actor: actor(staff), action: input.status === "active" ? "account.activate" : "account.suspend", accountId: input.accountId, target: input.accountId, reason });
  return account;
}

/** A credit (positive) or a debit (negative), as one ledger entry; a debit never takes the balance below zero. */
export async function staffAdjustBalance(staff: Staff, input: { accountId: string; amount: number; reason: string }) {
  const reason = needReason(input.reason);
  const micros = BigInt(Math.round(input.amount * 1e6));
  if (micros === 0n || !Number.isFinite(input.amount)) throw new AppError("INVALID_AMOUNT", { message: "The amount must be a non-zero number" });
  let balance: bigint;
  if (micros > 0n) {
    balance = (await creditBalance({ accountId: input.accountId, amountMicros: micros, reason: `Support credit: ${reason}`, actor: actor(staff) })).balanceMicros;
  } else {
    balance = await db().$transaction(async (tx) => {
      const moved = await tx.account.updateMany({ where: { id: input.accountId, balanceMicros: { gte: -micros } }, data: { balanceMicros: { increment: micros } } });
      if (moved.count === 0) throw new AppError("INSUFFICIENT_BALANCE", { message: "A debit cannot take the balance below zero", context: { required: toNumber(-micros) } });
      const account = await tx.account.findUniqueOrThrow({ where: { id: input.accountId }, select: { balanceMicros: true } });
      await tx.ledgerEntry.create({ data: { accountId: input.accountId, kind: "debit", amountMicros: micros, balanceAfterMicros: account.balanceMicros, reason: `Support debit: ${reason}`, actor: actor(staff) } });
      return account.balanceMicros;
    });
  }
  await recordAudit({ actor: actor(staff), action: micros > 0n ? "balance.credit" : "balance.debit", accountId: input.accountId, target: input.accountId, reason, data: { amount: input.amount } });
  return { balance: toNumber(balance) };
}

export async function staffChangePlan(staff: Staff, input: { accountId: string; planId: string; reason: string }) {
  const reason = needReason(input.reason);
  const plan = await db().plan.findUnique({ where: { id: input.planId } });
  if (!plan) throw new AppError("NOT_FOUND", { message: `No plan ${input.planId}` });
  const before = await db().account.update({ where: { id: input.accountId }, data: { planId: plan.id }, select: { planId: true } });
  await recordAudit({ actor: actor(staff), action: "account.change_plan", accountId: input.accountId, target: input.accountId, reason, data: { plan: plan.id, was: before.planId } });
  return { plan: plan.id };
}

export async function staffDecideSenderId(staff: Staff, input: { id: string; status: "approved" | "rejected"; reason: string }) {
  return decideSenderId({ id: input.id, status: input.status, note: needReason(input.reason), actor: actor(staff) });
}

export async function staffVerifyDomain(staff: Staff, input: { domainId: string; reason: string }) {
  const reason = needReason(input.reason);
  const domain = await db().senderDomain.findUnique({ where: { id: input.domainId } });
  if (!domain) throw new AppError("NOT_FOUND", { message: `No domain ${input.domainId}` });
  await db().senderDomain.update({ where: { id: domain.id }, data: { status: "verified", verifiedAt: new Date(), verifiedBy: actor(staff) } });
  await recordAudit({ actor: actor(staff), action: "domain.verify_override", accountId: domain.accountId, target: domain.id, reason, data: { domain: domain.name } });
  return { id: domain.id, status: "verified" };
}

/** Gives a charged transaction's money back once (the ledger's unique (transaction_id, kind) holds the line). */
export async function staffRefund(staff: Staff, input: { transactionId: string; reason: string }) {
  const reason = needReason(input.reason);
  const entries = await db().ledgerEntry.findMany({ where: { transactionId: input.transactionId } });
  const reserve = entries.find((e) => e.kind === "reserve");
  if (!reserve || !entries.some((e) => e.kind === "capture")) throw new AppError("CONFLICT", { message: "Only a charged transaction can be refunded", context: { reason: "not_charged" } });
  if (entries.some((e) => e.kind === "refund")) throw new AppError("CONFLICT", { message: "This transaction was refunded already", context: { reason: "already_refunded" } });
  const amount = -reserve.amountMicros;
  await db().$transaction(async (tx) => {
    const account = await tx.account.update({ where: { id: reserve.accountId }, data: { balanceMicros: { increment: amount } }, select: { balanceMicros: true } });
    await tx.ledgerEntry.create({ data: { accountId: reserve.accountId, kind: "refund", amountMicros: amount, balanceAfterMicros: account.balanceMicros, reason: `Support refund: ${reason}`, actor: actor(staff), transactionId: input.transactionId } });
  });
  await recordAudit({ actor: actor(staff), action: "transaction.refund", accountId: reserve.accountId, target: input.transactionId, reason, data: { amount: toNumber(amount) } });
  return { refunded: toNumber(amount) };
}

/** Sends a webhook delivery again, whatever became of it. */
export async function staffReplayDelivery(staff: Staff, input: { deliveryId: string; reason: string }) {
  const reason = needReason(input.reason);
  const delivery = await db().webhookDelivery.findUnique({ where: { id: input.deliveryId } });
  if (!delivery) throw new AppError("NOT_FOUND", { message: "No such delivery" });
  await db().webhookDelivery.update({ where: { id: delivery.id }, data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null } });
  await recordAudit({ actor: actor(staff), action: "webhook.replay", accountId: delivery.accountId, target: delivery.id, reason, data: { transaction_id: delivery.transactionId, event: delivery.event } });
  return { id: delivery.id, replayed: true };
}

function toNumber(micros: bigint): number {
  return Number(micros) / 1e6;
}
