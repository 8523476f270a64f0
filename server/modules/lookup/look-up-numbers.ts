// The lookup endpoints' use case (docs/decisions.md, "Networks and lookup"): one number or up to a hundred, each
// answered by lookUpNumber. A live answer the provider gave (fresh or kept) is charged at the price list's lookup
// price, once per distinct number of the request; one from the number's range alone, and every test answer, is free.
// The balance is checked before the provider is asked, so a short balance costs nobody a provider call.
import pLimit from "p-limit";
import type { PhoneNumber } from "libphonenumber-js/max";
import { db } from "../../db/client";
import { lookupProvider } from "../../providers/lookup";
import { productPrice } from "../pricing/product-price";
import { insufficientBalance } from "../billing/insufficient-balance";
import { toAmountNumber } from "../../lib/money";
import { asksProvider, lookUpNumber, lookupTarget, type NumberLookupAnswer } from "./look-up-number";
import { chargeLookups } from "./charge-lookups";

/** Provider calls of one request at once: a batch of 100 takes ten rounds, not a hundred sockets. */
const AT_ONCE = 10;

export type LookupCaller = { accountId: string; keyId: string; mode: "test" | "live" };

export type LookupsAnswer = {
  answers: NumberLookupAnswer[];
  /** Distinct numbers charged, what they cost, and the ledger's transaction (none when nothing was charged). */
  charged: number;
  price: number;
  currency: string;
  transactionId: string | null;
};

/** `field(i)` names the i-th number in an error (`phone_number`, or `phone_numbers[3]`). */
export async function lookUpNumbers(
  numbers: string[],
  caller: LookupCaller,
  field: (index: number) => string,
): Promise<LookupsAnswer> {
  // Every number is checked before anything is asked or charged.
  const targets = numbers.map((n, i) => lookupTarget(n, field(i)));
  const distinct = new Map<string, PhoneNumber>();
  for (const t of targets) distinct.set(t.number, t);
  const price = await productPrice("lookup");
  const charging = caller.mode === "live" && lookupProvider() !== null;
  if (charging) {
    const most = price.priceMicros * BigInt([...distinct.values()].filter(asksProvider).length);
    const account = await db().account.findUnique({ where: { id: caller.accountId }, select: { balanceMicros: true } });
    if (most > 0n && (account?.balanceMicros ?? 0n) < most) throw await insufficientBalance(caller.accountId, most);
  }
  const limit = pLimit(AT_ONCE);
  const byNumber = new Map(
    await Promise.all(
      [...distinct].map(([e164, parsed]) =>
        limit(async () => [e164, await lookUpNumber({ phoneNumber: parsed, mode: caller.mode })] as const),
      ),
    ),
  );
  const answers = targets.map((t) => byNumber.get(t.number)!);
  const charged = charging ? [...byNumber.values()].filter((a) => a.source === "provider").length : 0;
  const cost = price.priceMicros * BigInt(charged);
  let transactionId: string | null = null;
  if (charged > 0) {
    transactionId = await chargeLookups({
      accountId: caller.accountId,
      apiKeyId: caller.keyId,
      actor: caller.keyId,
      numbers: distinct.size,
      charged,
      priceMicros: cost,
      currency: price.currency,
    });
    // Spent elsewhere while the provider answered: nothing is charged, and the answer is not given for free.
    if (!transactionId) throw await insufficientBalance(caller.accountId, cost);
  }
  return { answers, charged, price: toAmountNumber(cost), currency: price.currency, transactionId };
}
