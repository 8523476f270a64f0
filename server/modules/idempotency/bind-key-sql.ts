// Binds an idempotency key to the transaction its request creates, as a part
// of the very statement that creates it: there is no moment at which the
// transaction exists and its key does not know it (a retry after a crash then
// answers with that transaction instead of sending again).
import type { IdempotencyScope } from "./idempotency-key";

export type KeyBinding = { idemAccount: string; idemMode: string; idemService: string; idemKey: string };

export function keyBindingValues(scope: IdempotencyScope | undefined): Partial<KeyBinding> {
  return scope
    ? { idemAccount: scope.accountId, idemMode: scope.mode, idemService: scope.service, idemKey: scope.key }
    : {};
}

/** A `bound` CTE setting the key's transaction_id to `transaction` when `created` (a CTE) made a row; "" without a key. */
export function bindKeyCte({
  placeholder: p,
  scope,
  transaction,
  created,
}: {
  placeholder: (name: string) => string;
  scope: IdempotencyScope | undefined;
  transaction: string;
  created: string;
}): string {
  if (!scope) return "";
  return `, bound AS (UPDATE idempotency_keys SET transaction_id = ${transaction}
      WHERE account_id = ${p("idemAccount")}::text AND mode = ${p("idemMode")}::key_mode AND service = ${p("idemService")}::text
        AND key = ${p("idemKey")}::text AND state = 'in_flight' AND EXISTS (SELECT 1 FROM ${created}))`;
}
