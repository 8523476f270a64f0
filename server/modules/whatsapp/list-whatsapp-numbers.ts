// GET /api/v1/whatsapp/numbers: the numbers of the key's mode, oldest first, without their secrets: a test key's is the
// sandbox (made on its first listing), a live key's are those connected from Meta. The dashboard (no mode) sees both.
import { db } from "../../db/client";
import { sandboxNumber } from "./sandbox-number";
import { whatsappNumberView } from "./whatsapp-number-view";

export async function listWhatsappNumbers(caller: { accountId: string; mode?: "test" | "live" }) {
  if (caller.mode === "test") return { numbers: [whatsappNumberView(await sandboxNumber(caller.accountId))] };
  const rows = await db().whatsappNumber.findMany({
    where: { accountId: caller.accountId, ...(caller.mode === "live" ? { sandbox: false } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { numbers: rows.map(whatsappNumberView) };
}
