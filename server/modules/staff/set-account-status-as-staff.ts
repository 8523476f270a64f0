import { recordAudit } from "../audit/record-audit";
import { setAccountStatus } from "../accounts/set-account-status";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support suspends or reactivates an account; API keys of a suspended account answer 403 ACCOUNT_SUSPENDED. */
export async function setAccountStatusAsStaff(
  staff: Staff,
  input: { accountId: string; status: "active" | "suspended"; reason: string },
) {
  const reason = requireReason(input.reason);
  const account = await setAccountStatus({ accountId: input.accountId, status: input.status });
  await recordAudit({
    actor: staffActor(staff),
    action: input.status === "active" ? "account.activate" : "account.suspend",
    accountId: input.accountId,
    target: input.accountId,
    reason,
  });
  return account;
}
