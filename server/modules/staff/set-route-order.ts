import { AppError } from "../../errors/app-error";
import type { Route } from "../coverage/coverage-cache";
import { setRouteCarriers } from "../sms/set-route-carriers";
import type { Staff } from "./staff-actor";

/** Staff set the carriers a route tries, in order (applies everywhere within the coverage cache's 30 s). */
export async function staffSetRoute(staff: Staff, input: { route: Route; carriers: string[]; reason: string }) {
  if (input.reason.trim().length < 3) throw new AppError("INVALID_REQUEST", { message: "Say why (a reason is kept in the audit log)" });
  return setRouteCarriers({ route: input.route, carriers: input.carriers, actor: `staff:${staff.email}`, reason: input.reason.trim() });
}
