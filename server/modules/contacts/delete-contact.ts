// DELETE /api/v1/contacts?id=: the contact and its list memberships (the lists' sizes follow). Its messages stay.
import { sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";

export async function deleteContact(id: string, caller: AccountScope) {
  const { rowCount } = await sql().query(`DELETE FROM contacts WHERE id = $1 AND account_id = $2 AND mode = $3`, [
    id,
    caller.accountId,
    caller.mode,
  ]);
  if (!rowCount) throw new AppError("NOT_FOUND", { message: `No contact ${id} on this account` });
  return { id, deleted: true as const };
}
