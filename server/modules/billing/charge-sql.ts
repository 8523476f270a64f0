// The ledger steps of a prepaid charge as parts of one SQL statement, so a
// send reserves (or settles) its money and records its own state in a single
// round trip, atomically, holding the account row's lock for one statement
// only. Each part writes its ledger entry with the balance change; the
// conditional UPDATE in reserve is the whole overdraft guard, backed by the
// CHECK constraint; the unique (transaction_id, kind) index makes each step
// happen at most once per transaction. Placeholders ($n) come from the caller.
export type ChargeParams = { account: string; amount: string; transaction: string; reason: string; actor: string };

/** Defines `debit` (no row when the balance is short) and `reserved`. */
export function reserveCte(p: ChargeParams): string {
  return `debit AS (
      UPDATE accounts SET balance_micros = balance_micros - ${p.amount}, updated_at = now()
      WHERE id = ${p.account} AND balance_micros >= ${p.amount} RETURNING balance_micros),
    reserved AS (
      INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
      SELECT ${p.account}, 'reserve', -${p.amount}, balance_micros, ${p.reason}, ${p.actor}, ${p.transaction} FROM debit RETURNING id)`;
}

/** Defines `captured`: the reservation becomes a final charge (no balance change). */
export function captureCte(p: ChargeParams): string {
  return `captured AS (
      INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
      SELECT id, 'capture', 0, balance_micros, ${p.reason}, ${p.actor}, ${p.transaction} FROM accounts WHERE id = ${p.account} RETURNING id)`;
}

/** Defines `credit` and `refunded`: the reservation goes back to the balance. */
export function refundCte(p: ChargeParams): string {
  return `credit AS (
      UPDATE accounts SET balance_micros = balance_micros + ${p.amount}, updated_at = now()
      WHERE id = ${p.account} RETURNING balance_micros),
    refunded AS (
      INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
      SELECT ${p.account}, 'refund', ${p.amount}, balance_micros, ${p.reason}, ${p.actor}, ${p.transaction} FROM credit RETURNING id)`;
}
