import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support moves an account to another plan (its rate limits follow at once). */
export async function changePlan(staff: Staff, input: { accountId: string; planId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const plan = await db().plan.findUnique({ where: { id: input.planId } });
  if (!plan) throw new AppError("NOT_FOUND", { message: `No plan ${input.planId}` });
  const before = await db().account.update({
    where: { id: input.accountId },
    data: { planId: plan.id },
    select: { planId: true },
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "account.change_plan",
    accountId: input.accountId,
    target: input.accountId,
    reason,
    data: { plan: plan.id, was: before.planId },
  });
  return { plan: plan.id };
}
