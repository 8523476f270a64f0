// GET /api/v1/ussd/codes: the account's USSD codes, oldest first, its sandbox code always among them.
import { db } from "../../db/client";
import { ensureSandboxCode } from "./add-sandbox-code";
import { ussdCodeView, type UssdCodeView } from "./ussd-code-view";

export async function listUssdCodes(caller: { accountId: string }): Promise<{ codes: UssdCodeView[] }> {
  await ensureSandboxCode(caller.accountId);
  const rows = await db().ussdCode.findMany({
    where: { accountId: caller.accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { codes: rows.map(ussdCodeView) };
}
