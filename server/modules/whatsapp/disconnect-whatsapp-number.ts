// DELETE /api/v1/whatsapp/numbers/{id}: the number leaves Kasa, its sealed token and secret with it; Meta's webhook
// for it then finds nothing here (404), and the number can be connected again, here or elsewhere.
import { AppError } from "../../errors/app-error";
import { db } from "../../db/client";

export async function disconnectWhatsappNumber(id: string, caller: { accountId: string; mode?: "test" | "live" }) {
  // A key removes its own mode's numbers (the API's live key: Meta's); the dashboard either.
  const mode = caller.mode ? { sandbox: caller.mode === "test" } : {};
  const { count } = await db().whatsappNumber.deleteMany({ where: { id, accountId: caller.accountId, ...mode } });
  if (count === 0) throw new AppError("NOT_FOUND", { message: `No WhatsApp number ${id} on this account` });
  return { id, deleted: true as const };
}
