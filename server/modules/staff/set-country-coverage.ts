import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage, type Route } from "../coverage/coverage-cache";
import type { Staff } from "./staff-actor";

/** Staff move a country to another route, or stop (or start) covering it. */
export async function staffSetCountry(staff: Staff, input: { iso: string; route: Route; supported: boolean; reason: string }) {
  if (input.reason.trim().length < 3) throw new AppError("INVALID_REQUEST", { message: "Say why (a reason is kept in the audit log)" });
  await db().country.update({ where: { iso2: input.iso }, data: { route: input.route, supported: input.supported, updatedAt: new Date() } });
  await recordAudit({ actor: `staff:${staff.email}`, action: "coverage.set", target: input.iso, reason: input.reason, data: { route: input.route, supported: input.supported } });
  forgetCoverage();
  return { iso: input.iso, route: input.route, supported: input.supported };
}
