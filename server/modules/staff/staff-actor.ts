// What support does to accounts and transactions is done by a staff user, who
// always says why: every action is written to the audit log with who, what,
// when and why.
import { AppError } from "../../errors/app-error";

/** The staff user behind a console action. */
export type Staff = { id: string; email: string };

/** How staff appear in the audit log and the ledger. */
export const staffActor = (staff: Staff) => `staff:${staff.email}`;

/** Every staff action says why; the reason goes to the audit log. */
export function requireReason(reason: string): string {
  const r = reason.trim();
  if (r.length < 3)
    throw new AppError("INVALID_REQUEST", {
      message: "Say why (a reason is kept in the audit log)",
      context: { errors: [{ type: "reason", loc: ["reason"], msg: "required" }] },
    });
  return r;
}
