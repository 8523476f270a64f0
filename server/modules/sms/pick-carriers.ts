import { sandboxCarrier, type SmsCarrier } from "../../providers/sms";
import { liveSmsCarriers } from "./live-carriers";
import { coverage, type Route } from "../coverage/coverage-cache";

/**
 * The carriers to try for a message, in order. Test keys: the sandbox only.
 * Live keys: the route's carriers as staff ordered them (sms_route_carriers),
 * or every configured carrier in configuration order when the route has no
 * list; names that are not configured on this deployment are skipped.
 */
export async function pickCarriers(route: Route, mode: "test" | "live"): Promise<SmsCarrier[]> {
  if (mode === "test") return [sandboxCarrier];
  const configured = liveSmsCarriers();
  const names = (await coverage()).routeCarriers.get(route) ?? [...configured.keys()];
  return names.map((name) => configured.get(name)).filter((c): c is SmsCarrier => c !== undefined);
}
