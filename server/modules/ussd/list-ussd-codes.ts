// GET /api/v1/ussd/codes: the account's USSD codes, oldest first, its sandbox code always among them. A key sees its
// own mode's codes (a test key never reads a live code's secret); the dashboard, for developers, sees them all.
import { db } from "../../db/client";
import { ensureSandboxCode } from "./add-sandbox-code";
import { ussdCodeView, type UssdCodeView } from "./ussd-code-view";

export async function listUssdCodes(caller: {
  accountId: string;
  mode?: "live" | "test";
}): Promise<{ codes: UssdCodeView[] }> {
  await ensureSandboxCode(caller.accountId);
  const rows = await db().ussdCode.findMany({
    where: { accountId: caller.accountId, ...(caller.mode ? { mode: caller.mode } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { codes: rows.map(ussdCodeView) };
}
