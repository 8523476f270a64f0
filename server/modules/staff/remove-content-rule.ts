import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage } from "../coverage/coverage-cache";
import type { Staff } from "./staff-actor";

/** Staff withdraw a content rule; sends stop being checked against it within 30 s. */
export async function staffRemoveContentRule(staff: Staff, input: { id: string; reason: string }) {
  if (input.reason.trim().length < 3) throw new AppError("INVALID_REQUEST", { message: "Say why (a reason is kept in the audit log)" });
  const { count } = await db().smsContentRule.deleteMany({ where: { id: input.id } });
  if (!count) throw new AppError("NOT_FOUND", { message: `No rule ${input.id}` });
  await recordAudit({ actor: `staff:${staff.email}`, action: "content_rule.remove", target: input.id, reason: input.reason.trim() });
  forgetCoverage();
  return { id: input.id, deleted: true };
}
