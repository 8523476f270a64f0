import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage, type Route } from "../coverage/coverage-cache";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Staff move a country to another route, or stop (or start) covering it. */
export async function setCountryCoverage(
  staff: Staff,
  input: { iso: string; route: Route; supported: boolean; reason: string },
) {
  const reason = requireReason(input.reason);
  await db().country.update({
    where: { iso2: input.iso },
    data: { route: input.route, supported: input.supported, updatedAt: new Date() },
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "coverage.set",
    target: input.iso,
    reason,
    data: { route: input.route, supported: input.supported },
  });
  forgetCoverage();
  return { iso: input.iso, route: input.route, supported: input.supported };
}
