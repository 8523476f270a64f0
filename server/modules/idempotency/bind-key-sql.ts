// Binds an idempotency key to the transaction its request creates, as a part
// of the very statement that creates it: there is no moment at which the
// transaction exists and its key does not know it (a retry after a crash then
// answers with that transaction instead of sending again).
//
// The statement first locks the key while its request still holds the claim
// (`held`: same claim token, no transaction yet) and creates, reserves and
// binds only through that row. A request that outlived its lock (a starved
// process) and whose key another request took over creates nothing: two
// requests with one key can never both reach the carrier.
import { AppError } from "../../errors/app-error";
import type { IdempotencyScope } from "./idempotency-key";

export type KeyBinding = {
  idemAccount: string;
  idemMode: string;
  idemService: string;
  idemKey: string;
  idemClaim: string | null;
};

export function keyBindingValues(scope: IdempotencyScope | undefined): Partial<KeyBinding> {
  return scope
    ? {
        idemAccount: scope.accountId,
        idemMode: scope.mode,
        idemService: scope.service,
        idemKey: scope.key,
        idemClaim: scope.claimToken ?? null,
      }
    : {};
}

type Placeholder = (name: string) => string;

function keyRow(p: Placeholder): string {
  return `account_id = ${p("idemAccount")}::text AND mode = ${p("idemMode")}::key_mode AND service = ${p("idemService")}::text
        AND key = ${p("idemKey")}::text AND state = 'in_flight'`;
}

/**
 * The parts of a creating statement that hold it to this request's claim (all empty without a key):
 * - `with`: a `held` CTE (and its comma) with one row while the request still holds its claim, locking the key
 *   until the statement commits (a takeover waits, then finds the key bound); it goes first in the WITH list;
 * - `gate`: for the reservation (reserveCte's gate), so no money moves unless the key is held;
 * - `from`: after the created row's SELECT list, so no row is written unless the key is held;
 * - `column`: the result column `held` that assertKeyHeld reads.
 */
export function heldKey(p: Placeholder, scope: IdempotencyScope | undefined) {
  if (!scope) return { with: "", gate: undefined, from: "", column: "true AS held" };
  return {
    with: `held AS (SELECT 1 AS held FROM idempotency_keys
      WHERE ${keyRow(p)} AND transaction_id IS NULL AND claim_token = ${p("idemClaim")}::text FOR UPDATE), `,
    gate: { cte: "held" },
    from: " FROM held",
    column: "EXISTS (SELECT 1 FROM held) AS held",
  };
}

/** A `bound` CTE setting the key's transaction_id to `transaction` when `created` (a CTE) made a row; "" without a key. */
export function bindKeyCte({
  placeholder: p,
  scope,
  transaction,
  created,
}: {
  placeholder: Placeholder;
  scope: IdempotencyScope | undefined;
  transaction: string;
  created: string;
}): string {
  if (!scope) return "";
  return `, bound AS (UPDATE idempotency_keys SET transaction_id = ${transaction}
      WHERE ${keyRow(p)} AND EXISTS (SELECT 1 FROM ${created}))`;
}

/** After a creating statement: a request whose key was taken over stops here, having created nothing. */
export function assertKeyHeld(row: { held?: boolean } | undefined, scope: IdempotencyScope | undefined): void {
  if (!scope || row?.held === true) return;
  throw new AppError("REQUEST_IN_PROGRESS", {
    message: `This request outlived its hold on idempotency_key "${scope.key}" and another request with that key took over; this one sent and charged nothing`,
    context: { reason: "idempotency_key_taken_over" },
  });
}
