// The lookup endpoints' use case (docs/decisions.md, "Networks and lookup"): one number or up to a hundred, each
// answered by lookUpNumber. A live answer the provider gave (fresh or kept) is charged at the price list's lookup
// price, once per distinct number of the request; one from the number's range alone, and every test answer, is free.
// The price of every number the provider could answer is held before it is asked (lookup-charges.ts), the provider
// is given what is left of the request's time, and the answers are given only once the charge is settled.
import pLimit from "p-limit";
import type { PhoneNumber } from "libphonenumber-js/max";
import { lookupProvider } from "../../providers/lookup";
import { productPrice } from "../pricing/product-price";
import { insufficientBalance } from "../billing/insufficient-balance";
import { toAmountNumber } from "../../lib/money";
import type { HandOff } from "../billing/hand-off";
import { AppError } from "../../errors/app-error";
import { asksProvider, lookUpNumber, lookupTarget, type NumberLookupAnswer } from "./look-up-number";
import { holdLookups, settleLookups } from "./lookup-charges";

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
  deadline?: HandOff,
): Promise<LookupsAnswer> {
  // Every number is checked before anything is held, asked or charged.
  const targets = numbers.map((n, i) => lookupTarget(n, field(i)));
  const distinct = new Map<string, PhoneNumber>();
  for (const t of targets) distinct.set(t.number, t);
  const price = await productPrice("lookup");
  const payable = [...distinct.values()].filter(asksProvider).length;
  const most = price.priceMicros * BigInt(payable);
  const charging = caller.mode === "live" && lookupProvider() !== null && most > 0n;
  let hold: string | null = null;
  if (charging) {
    hold = await holdLookups({
      accountId: caller.accountId,
      apiKeyId: caller.keyId,
      numbers: distinct.size,
      heldMicros: most,
      currency: price.currency,
    });
    if (!hold) throw await insufficientBalance(caller.accountId, most);
  }
  try {
    const limit = pLimit(AT_ONCE);
    const byNumber = new Map(
      await Promise.all(
        [...distinct].map(([e164, parsed]) =>
          limit(async () => {
            const answer = await lookUpNumber({
              phoneNumber: parsed,
              mode: caller.mode,
              timeLeftMs: deadline?.remainingMs?.(),
            });
            return [e164, answer] as const;
          }),
        ),
      ),
    );
    const answers = targets.map((t) => byNumber.get(t.number)!);
    const charged = hold ? [...byNumber.values()].filter((a) => a.source === "provider").length : 0;
    const cost = price.priceMicros * BigInt(charged);
    let transactionId: string | null = null;
    if (hold) {
      // The answer is what is sold: past the request's time (or with its client gone) nothing is charged.
      deadline?.commit();
      const id = hold;
      hold = null;
      // Already released by the worker (this request outlived a hold's time): nothing is charged, nothing given.
      if (!(await settleLookups(id, charged, cost)))
        throw new AppError("SERVICE_UNAVAILABLE", {
          message: "The lookup took too long and was not charged; retry it",
          context: { transaction_id: id },
        });
      if (charged > 0) transactionId = id;
    }
    return { answers, charged, price: toAmountNumber(cost), currency: price.currency, transactionId };
  } catch (error) {
    // Nothing is given: the hold goes back (or, if the database is away, the worker releases it).
    if (hold) await settleLookups(hold, 0, 0n).catch(() => {});
    throw error;
  }
}
