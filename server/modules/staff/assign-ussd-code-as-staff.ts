// Support assigns a USSD code to an account from the console, saying why (the CLI's `ussd-code assign`, audited).
import { recordAudit } from "../audit/record-audit";
import { assignUssdCode } from "../ussd/assign-ussd-code";
import { requireReason, staffActor, type Staff } from "./staff-actor";

export async function assignUssdCodeAsStaff(
  staff: Staff,
  input: { accountId: string; code: string; mode: "live" | "test"; reason: string },
) {
  const reason = requireReason(input.reason);
  const code = await assignUssdCode(input);
  await recordAudit({
    actor: staffActor(staff),
    action: "ussd_code.assigned",
    accountId: input.accountId,
    target: code.id,
    reason,
    data: { code: code.service_code, mode: code.mode, kind: code.kind },
  });
  return { id: code.id, service_code: code.service_code, mode: code.mode, kind: code.kind };
}
