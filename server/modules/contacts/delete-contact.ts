// DELETE /api/v1/contacts?id=: the contact and its list memberships (the lists' sizes follow). Its messages stay,
// and so do its opt-outs (opt_outs) and its email address (contact_tombstones, for its unsubscribe links).
import { sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";

export async function deleteContact(id: string, caller: AccountScope) {
  // Its address is kept aside: the unsubscribe links of the emails it was sent must go on working.
  const { rows } = await sql().query<{ n: string }>(
    `WITH gone AS (DELETE FROM contacts WHERE id = $1 AND account_id = $2 AND mode = $3
                   RETURNING id, account_id, mode, email),
          kept AS (INSERT INTO contact_tombstones (contact_id, account_id, mode, email)
                   SELECT id, account_id, mode, email FROM gone WHERE email IS NOT NULL)
     SELECT count(*) AS n FROM gone`,
    [id, caller.accountId, caller.mode],
  );
  if (rows[0]!.n === "0") throw new AppError("NOT_FOUND", { message: `No contact ${id} on this account` });
  return { id, deleted: true as const };
}
