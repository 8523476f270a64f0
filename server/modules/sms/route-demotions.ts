// Carriers demoted for a network (KASA_ROUTE_AUTODEMOTE=on; docs/decisions.md, "Insights"): while a carrier's alert
// for a network is open and demoted (carrier_alerts, written by the worker's evaluation), messages to that network try
// the route's other carriers first and that one last. Read once per TTL per process, like the route order itself, so
// a send costs no query; a process learns of a demotion the worker made within TTL_MS.
import { db } from "../../db/client";
import { config } from "../../config/config";
import { keptFor } from "../../config/per-configuration";
import type { SmsCarrier } from "../../providers/sms";

const TTL_MS = 30_000;
const kept = keptFor(TTL_MS, readDemotions);

/** Carrier names demoted, by network slug ('' for numbers of no known range). */
async function readDemotions(): Promise<Map<string, Set<string>>> {
  const rows = await db().carrierAlert.findMany({
    where: { endedAt: null, demoted: true },
    select: { carrier: true, network: true },
  });
  const byNetwork = new Map<string, Set<string>>();
  for (const row of rows) byNetwork.set(row.network, (byNetwork.get(row.network) ?? new Set()).add(row.carrier));
  return byNetwork;
}

/**
 * The route's carriers in their order, those demoted for the number's network moved after the others (in their own
 * order). Never dropped: a demoted carrier is still the last resort, and a route's only carrier stays its only one.
 */
export async function demotedLast(carriers: SmsCarrier[], network: string | null): Promise<SmsCarrier[]> {
  if (!config().KASA_ROUTE_AUTODEMOTE || carriers.length < 2) return carriers;
  const demoted = (await kept.get()).get(network ?? "");
  if (!demoted?.size) return carriers;
  return [...carriers.filter((c) => !demoted.has(c.name)), ...carriers.filter((c) => demoted.has(c.name))];
}

/** After this process demoted or restored a carrier (the worker's evaluation), route by it at once here. */
export function forgetRouteDemotions(): void {
  kept.forget();
}
