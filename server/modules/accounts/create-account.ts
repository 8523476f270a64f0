import type { Tx } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { newId } from "../../lib/ids";
import { creditBalance } from "../billing/credit-balance";
import { createApiKey, type CreatedApiKey } from "../keys/create-api-key";
import type { PlanId } from "./plans";

export type CreatedAccount = {
  account: { id: string; name: string; plan: string; status: string; currency: string; balanceMicros: bigint };
  /** The live key only when asked for (the CLI prints it): a key whose secret nobody sees should not exist. */
  keys: { test: CreatedApiKey; live?: CreatedApiKey };
};

/**
 * A new account is usable at once: its owner, a test key (and a live key with
 * `liveKey`, for whoever will see its secret), and (when given) an opening
 * balance that is a ledger entry like any other. Sign-up shows the test key in
 * the welcome step; a live key is made on the API keys page, where it is shown.
 */
type NewAccount = {
  ownerUserId: string;
  name: string;
  plan?: PlanId;
  openingBalanceMicros?: bigint;
  actor: string;
  liveKey?: boolean;
};

export async function createAccount(
  input: NewAccount & { liveKey: true },
  tx?: Tx,
): Promise<CreatedAccount & { keys: { live: CreatedApiKey } }>;
export async function createAccount(input: NewAccount, tx?: Tx): Promise<CreatedAccount>;
export async function createAccount(input: NewAccount, tx?: Tx): Promise<CreatedAccount> {
  return inTransaction(tx, async (t) => {
    const account = await t.account.create({
      data: { id: newId("acct"), name: input.name, planId: input.plan ?? "free" },
    });
    await t.membership.create({ data: { accountId: account.id, userId: input.ownerUserId, role: "owner" } });
    let balanceMicros = account.balanceMicros;
    if (input.openingBalanceMicros && input.openingBalanceMicros > 0n) {
      ({ balanceMicros } = await creditBalance(
        {
          accountId: account.id,
          amountMicros: input.openingBalanceMicros,
          reason: "Opening balance",
          actor: input.actor,
        },
        t,
      ));
    }
    const test = await createApiKey({ accountId: account.id, mode: "test" }, t);
    const live = input.liveKey ? await createApiKey({ accountId: account.id, mode: "live" }, t) : undefined;
    return {
      account: {
        id: account.id,
        name: account.name,
        plan: account.planId,
        status: account.status,
        currency: account.currency,
        balanceMicros,
      },
      keys: { test, live },
    };
  });
}
