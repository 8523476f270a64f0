import { sandboxCarrier, type SmsCarrier } from "../../providers/sms";
import { liveSmsCarriers } from "./live-carriers";
import { coverage, type Route } from "../coverage/coverage-cache";
import { demotedLast } from "./route-demotions";

/**
 * The carriers to try for a message, in order. Test keys: the sandbox only.
 * Live keys: the route's carriers as staff ordered them (sms_route_carriers),
 * or every configured carrier in configuration order when the route has no
 * list; names that are not configured on this deployment are skipped. With
 * KASA_ROUTE_AUTODEMOTE=on, a carrier failing the number's network (its
 * alert demoted it) goes last, so the next carrier takes that network's traffic.
 */
export async function pickCarriers(route: Route, mode: "test" | "live", network: string | null): Promise<SmsCarrier[]> {
  if (mode === "test") return [sandboxCarrier];
  const configured = liveSmsCarriers();
  const names = (await coverage()).routeCarriers.get(route) ?? [...configured.keys()];
  const carriers = names.map((name) => configured.get(name)).filter((c): c is SmsCarrier => c !== undefined);
  return demotedLast(carriers, network);
}
