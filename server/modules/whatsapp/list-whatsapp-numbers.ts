// GET /api/v1/whatsapp/numbers: the account's connected numbers, oldest first, without their secrets.
import { db } from "../../db/client";
import { whatsappNumberView } from "./whatsapp-number-view";

export async function listWhatsappNumbers(caller: { accountId: string }) {
  const rows = await db().whatsappNumber.findMany({
    where: { accountId: caller.accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { numbers: rows.map(whatsappNumberView) };
}
