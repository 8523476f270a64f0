// POST /api/v1/whatsapp/simulate (test keys): a person writes to the account's sandbox number. It takes the path a
// real message takes (a payload of Meta's shape, applied as the webhook applies Meta's), so it raises
// whatsapp.received and opens the 24-hour window the sandbox's free-form sends need.
import { randomToken } from "../../lib/ids";
import { db } from "../../db/client";
import { parseRecipient } from "../sms/phone";
import { applyWhatsappPayload } from "./apply-whatsapp-payload";
import { metaMessagesPost } from "./meta-payload";
import { sandboxNumber } from "./sandbox-number";
import type { SimulateWhatsappInput } from "./send-schemas";
import { getWhatsappMessage } from "./get-whatsapp-message";

export async function simulateWhatsappMessage(input: SimulateWhatsappInput, caller: { accountId: string }) {
  const { e164 } = parseRecipient(input.from);
  const number = await sandboxNumber(caller.accountId);
  const wamid = `wamid.SANDBOX${randomToken(24)}`;
  const from = e164.slice(1);
  const { id } = await db().whatsappWebhookPayload.create({
    select: { id: true },
    data: {
      numberId: number.id,
      body: metaMessagesPost(number, {
        contacts: [{ wa_id: from, profile: { name: input.profile_name ?? "Sandbox tester" } }],
        messages: [
          {
            from,
            id: wamid,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "text",
            text: { body: input.text },
          },
        ],
      }),
    },
  });
  await applyWhatsappPayload(id);
  const message = await db().whatsappMessage.findUniqueOrThrow({ where: { wamid }, select: { id: true } });
  return getWhatsappMessage(message.id, { accountId: caller.accountId, mode: "test" });
}
