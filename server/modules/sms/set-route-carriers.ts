import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage, type Route } from "../coverage/coverage-cache";

/**
 * Staff set a route's carriers, in order (the staff console and the CLI). The
 * new order applies to every instance within the coverage cache's 30 s, and
 * at once here. Names not configured on a deployment are skipped when sending,
 * so one list can serve several environments.
 */
export async function setRouteCarriers(input: { route: Route; carriers: string[]; actor: string; reason?: string }) {
  const now = new Date();
  await db().$transaction([
    db().smsRouteCarrier.deleteMany({ where: { route: input.route } }),
    db().smsRouteCarrier.createMany({
      data: input.carriers.map((carrier, position) => ({
        route: input.route,
        position,
        carrier,
        updatedAt: now,
        updatedBy: input.actor,
      })),
    }),
  ]);
  await recordAudit({
    actor: input.actor,
    action: "route.set_carriers",
    target: input.route,
    reason: input.reason ?? null,
    data: { carriers: input.carriers },
  });
  forgetCoverage();
  return { route: input.route, carriers: input.carriers };
}
