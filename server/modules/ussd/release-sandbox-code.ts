// DELETE /api/v1/ussd/codes/{id}: an account releases one of its sandbox codes (a code staff assigned is released
// by staff). Its sessions stay, naming the code they dialled; its number is never handed out again.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { releasedMeanwhile } from "./ussd-code-view";

export async function releaseSandboxCode(
  id: string,
  caller: { accountId: string; mode?: "live" | "test" },
): Promise<{ id: string; deleted: true }> {
  const code = await db().ussdCode.findFirst({
    where: { id, accountId: caller.accountId, ...(caller.mode ? { mode: caller.mode } : {}) },
  });
  if (!code) throw new AppError("NOT_FOUND", { message: `No USSD code ${id} on this account` });
  if (code.kind !== "sandbox")
    throw new AppError("CONFLICT", {
      message: `${code.code} was assigned to this account by Kasa: ask support to release it`,
      context: { reason: "assigned_code" },
    });
  await db()
    .ussdCode.delete({ where: { id: code.id } })
    .catch(releasedMeanwhile(code.id));
  return { id: code.id, deleted: true };
}
