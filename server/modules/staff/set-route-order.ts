import type { Route } from "../coverage/coverage-cache";
import { setRouteCarriers } from "../sms/set-route-carriers";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Staff set the carriers a route tries, in order (applies everywhere within the coverage cache's 30 s). */
export async function setRouteOrder(staff: Staff, input: { route: Route; carriers: string[]; reason: string }) {
  const reason = requireReason(input.reason);
  return setRouteCarriers({ route: input.route, carriers: input.carriers, actor: staffActor(staff), reason });
}
