import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { forgetCoverage } from "../coverage/coverage-cache";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Staff withdraw a content rule; sends stop being checked against it within 30 s. */
export async function removeContentRule(staff: Staff, input: { id: string; reason: string }) {
  const reason = requireReason(input.reason);
  const { count } = await db().smsContentRule.deleteMany({ where: { id: input.id } });
  if (!count) throw new AppError("NOT_FOUND", { message: `No rule ${input.id}` });
  await recordAudit({ actor: staffActor(staff), action: "content_rule.remove", target: input.id, reason });
  forgetCoverage();
  return { id: input.id, deleted: true };
}
