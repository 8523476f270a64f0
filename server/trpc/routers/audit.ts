import { z } from "zod";
import { router, accountProcedure } from "../init";
import { accountAuditLog, AUDIT_CATEGORIES } from "../../modules/audit/account-audit-log";
import { rowIdInput } from "../../lib/row-id-input";

// The account's audit log: owners only (it names every member and what they did).
export const auditRouter = router({
  list: accountProcedure("owner")
    .input(
      z.object({
        category: z.enum(AUDIT_CATEGORIES).optional(),
        actor: z.string().max(100).optional(),
        cursor: rowIdInput().optional(),
      }),
    )
    .query(({ input }) =>
      accountAuditLog(input.accountId, {
        category: input.category,
        actor: input.actor,
        before: input.cursor ? BigInt(input.cursor) : undefined,
      }),
    ),
});
