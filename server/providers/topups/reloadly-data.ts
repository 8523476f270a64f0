// Ghana data bundles through Reloadly. The catalogue (GET /operators/countries/GH
// with includeData and includeBundles; reloadly-data-plans.ts) is read at
// purchase time and kept a while; the bundle's network and capacity pick the
// plan (reloadly-data-choice.ts), bought like airtime: POST /topups with the
// plan's fixed amount and our reference as customIdentifier, reconciled by
// that reference (reloadly-client.ts). A size Reloadly no longer sells is
// declined before anything is bought: 400 PURCHASE_FAILED, refunded.
import { UpstreamNoAnswer } from "../upstream-http";
import type { ReloadlyClient } from "./reloadly-client";
import { choosePlan } from "./reloadly-data-choice";
import { plansOf, type DataPlan, type ReloadlyDataOperator } from "./reloadly-data-plans";
import { ProviderDegraded, PurchaseDeclined, type DataProvider, type DataPurchase } from "./topup-provider";

// Operators change their menus seldom; a plan withdrawn within this window is refused by the POST itself.
const CATALOGUE_TTL_MS = 10 * 60_000;
// A size missing from a catalogue older than this is looked for once more before it is refused.
const RECHECK_AFTER_MS = 60_000;
const CATALOGUE_PATH =
  "/operators/countries/GH?includeData=true&includeBundles=true&includePin=false&suggestedAmounts=false&suggestedAmountsMap=false";

export function reloadlyDataProvider(client: ReloadlyClient): DataProvider {
  // The promise is kept, not its result, so a burst of purchases reads the catalogue once.
  let cached: { at: number; plans: Promise<DataPlan[]> } | undefined;

  function catalogue(fresh = false): Promise<DataPlan[]> {
    if (!cached || fresh || Date.now() - cached.at > CATALOGUE_TTL_MS) {
      const plans = readCatalogue().catch((error: unknown) => {
        if (cached?.plans === plans) cached = undefined;
        throw error;
      });
      cached = { at: Date.now(), plans };
    }
    return cached.plans;
  }

  async function readCatalogue(): Promise<DataPlan[]> {
    const res = await client.get(CATALOGUE_PATH).catch((error: unknown) => {
      // Reading the catalogue buys nothing: its silence is a degraded provider, never an ambiguous purchase.
      throw error instanceof UpstreamNoAnswer ? new ProviderDegraded(`Reloadly's catalogue: ${error.message}`) : error;
    });
    if (res.status === 404) return [];
    if (res.status !== 200) throw new ProviderDegraded(`Reloadly's catalogue answered ${res.status}`);
    const body = res.body as ReloadlyDataOperator[] | { content?: ReloadlyDataOperator[] } | null;
    const operators = Array.isArray(body) ? body : (body?.content ?? []);
    return operators.flatMap(plansOf);
  }

  async function planFor(order: DataPurchase): Promise<DataPlan> {
    let choice = choosePlan(await catalogue(), order);
    if ("refusal" in choice && cached && Date.now() - cached.at > RECHECK_AFTER_MS)
      choice = choosePlan(await catalogue(true), order);
    if ("refusal" in choice) throw new PurchaseDeclined(choice.refusal, "BUNDLE_NOT_SOLD");
    return choice;
  }

  return {
    name: "reloadly",
    async purchase(order) {
      const plan = await planFor(order);
      const outcome = await client.topup({
        operatorId: plan.operatorId,
        amount: plan.amount,
        useLocalAmount: plan.local,
        customIdentifier: order.reference,
        recipientPhone: { countryCode: "GH", number: order.msisdn },
      });
      // What was bought, in the operator's words, for the customer and for support.
      return { ...outcome, message: `${plan.operatorName}: ${plan.description || `${plan.amount} ${plan.currency}`}` };
    },
    lookup: (reference) => client.findTopup(reference),
  };
}
