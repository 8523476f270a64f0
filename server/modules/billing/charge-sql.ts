// The ledger steps of a prepaid charge as parts of one SQL statement, so a
// send reserves (or settles) its money and records its own state in a single
// round trip, atomically, holding the account row's lock for one statement
// only. Each part writes its ledger entry with the balance change; the
// conditional UPDATE in reserve is the whole overdraft guard, backed by the
// CHECK constraint; the unique (transaction_id, kind) index makes each step
// happen at most once per transaction.
//
// Every field is a SQL expression: a placeholder ($n) from the caller, or,
// with `gate`, a column of the gate's row `g` (the state change that settles,
// so that a settle which moves no row moves no money either).
export type ChargeParams = {
  account: string;
  amount: string;
  transaction: string;
  reason: string;
  actor: string;
  /** A CTE (and an optional condition on its row `g`) whose rows this step happens for. */
  gate?: { cte: string; where?: string };
};

function gateFrom(p: ChargeParams): { from: string; also: string; where: string } {
  if (!p.gate) return { from: "", also: "", where: "" };
  const where = p.gate.where ? ` AND ${p.gate.where}` : "";
  return { from: ` FROM ${p.gate.cte} g`, also: `, ${p.gate.cte} g`, where };
}

/** Defines `debit` (no row when the balance is short) and `reserved`: money held until the send settles. */
export function reserveCte(p: ChargeParams): string {
  return takeCte(p, { taken: "debit", entered: "reserved", kind: "reserve" });
}

/** Defines `taken` (no row when the balance is short) and `debited`: a charge final at once, with nothing to settle. */
export function debitCte(p: ChargeParams): string {
  return takeCte(p, { taken: "taken", entered: "debited", kind: "debit" });
}

function takeCte(p: ChargeParams, names: { taken: string; entered: string; kind: "reserve" | "debit" }): string {
  const gate = gateFrom(p);
  return `${names.taken} AS (
      UPDATE accounts a SET balance_micros = a.balance_micros - ${p.amount}, updated_at = now()${gate.from}
      WHERE a.id = ${p.account} AND a.balance_micros >= ${p.amount}${gate.where}
      RETURNING a.id AS account_id, a.balance_micros, ${p.amount} AS amount, ${p.reason} AS reason, ${p.actor} AS actor, ${p.transaction} AS transaction_id),
    ${names.entered} AS (
      INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
      SELECT account_id, '${names.kind}', -amount, balance_micros, reason, actor, transaction_id FROM ${names.taken} RETURNING id)`;
}

/** Defines `captured`: the reservation becomes a final charge (no balance change). */
export function captureCte(p: ChargeParams): string {
  const gate = gateFrom(p);
  return `captured AS (
      INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
      SELECT a.id, 'capture', 0, a.balance_micros, ${p.reason}, ${p.actor}, ${p.transaction}
      FROM accounts a${gate.also} WHERE a.id = ${p.account}${gate.where} RETURNING id)`;
}

/** Defines `credit` and `refunded`: the reservation goes back to the balance. */
export function refundCte(p: ChargeParams): string {
  const gate = gateFrom(p);
  return `credit AS (
      UPDATE accounts a SET balance_micros = a.balance_micros + ${p.amount}, updated_at = now()${gate.from}
      WHERE a.id = ${p.account}${gate.where}
      RETURNING a.id AS account_id, a.balance_micros, ${p.amount} AS amount, ${p.reason} AS reason, ${p.actor} AS actor, ${p.transaction} AS transaction_id),
    refunded AS (
      INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
      SELECT account_id, 'refund', amount, balance_micros, reason, actor, transaction_id FROM credit RETURNING id)`;
}
