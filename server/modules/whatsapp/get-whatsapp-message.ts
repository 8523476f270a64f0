// GET /api/v1/whatsapp/messages/{id}: one message of the key's mode, as it stands now.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { whatsappMessageView } from "./whatsapp-message-view";

export async function getWhatsappMessage(id: string, caller: { accountId: string; mode: "test" | "live" }) {
  const message = await db().whatsappMessage.findFirst({
    where: { id, accountId: caller.accountId, mode: caller.mode },
    include: { number: { select: { displayPhoneNumber: true } } },
  });
  if (!message) throw new AppError("NOT_FOUND", { message: `No WhatsApp message ${id}` });
  const { number, ...row } = message;
  return whatsappMessageView(row, number?.displayPhoneNumber ?? null);
}
