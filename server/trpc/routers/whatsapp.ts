// The WhatsApp page (issue #42): the account's Business numbers, the sandbox and its test form, and the
// conversations. Reading them is anyone's on the account (no secret is in them); connecting one hands Kasa a token
// that sends for money, and removing one stops its messages: those are developers', audited. The test form sends
// from the sandbox only (test mode, free), as a test key would.
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { useCaseInput } from "../use-case-input";
import { listWhatsappNumbers } from "../../modules/whatsapp/list-whatsapp-numbers";
import { connectWhatsappNumber } from "../../modules/whatsapp/connect-whatsapp-number";
import { disconnectWhatsappNumber } from "../../modules/whatsapp/disconnect-whatsapp-number";
import {
  connectWhatsappNumberInput,
  listWhatsappTemplatesInput,
  whatsappNumberId,
} from "../../modules/whatsapp/schemas";
import { sandboxNumber } from "../../modules/whatsapp/sandbox-number";
import { whatsappNumberView } from "../../modules/whatsapp/whatsapp-number-view";
import { listWhatsappTemplates } from "../../modules/whatsapp/list-whatsapp-templates";
import { listWhatsappConversations } from "../../modules/whatsapp/list-whatsapp-conversations";
import { listWhatsappMessages } from "../../modules/whatsapp/list-whatsapp-messages";
import { listWhatsappMessagesInput, whatsappTestInput } from "../../modules/whatsapp/send-schemas";
import { prepareWhatsapp } from "../../modules/whatsapp/prepare-whatsapp";
import { sendWhatsapp } from "../../modules/whatsapp/send-whatsapp";

const mode = z.object({ mode: z.enum(["live", "test"]) });

export const whatsappRouter = router({
  numbers: accountProcedure().query(({ input }) => listWhatsappNumbers(input)),
  connect: accountProcedure("developer", { active: true })
    .input(useCaseInput(connectWhatsappNumberInput))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "whatsapp_number.connected",
        () => connectWhatsappNumber(input, input),
        (n) => ({ target: n.id, data: { phone_number_id: n.phone_number_id, display: n.display_phone_number } }),
      ),
    ),
  // A suspended account may still take its token back out of Kasa.
  disconnect: accountProcedure("developer")
    .input(useCaseInput(whatsappNumberId))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "whatsapp_number.removed",
        () => disconnectWhatsappNumber(input.id, input),
        (n) => ({ target: n.id, data: {} }),
      ),
    ),
  // The sandbox number, made on first use (what a test key's first listing does).
  useSandbox: accountProcedure("developer").mutation(async ({ input }) =>
    whatsappNumberView(await sandboxNumber(input.accountId)),
  ),
  templates: accountProcedure()
    .input(useCaseInput(listWhatsappTemplatesInput))
    .query(({ input }) => listWhatsappTemplates({ number_id: input.number_id, status: input.status }, input)),
  // The test form: from the sandbox, as a test key sends (the same checks, statuses and events), free.
  sendTest: accountProcedure("developer", { active: true })
    .input(useCaseInput(whatsappTestInput))
    .mutation(async ({ input }) => {
      const caller = { accountId: input.accountId, mode: "test" as const, keyId: null };
      const plan = await prepareWhatsapp(input, caller);
      return sendWhatsapp({ input, plan, caller });
    }),
  conversations: accountProcedure()
    .input(mode)
    .query(({ input }) => listWhatsappConversations(input)),
  conversation: accountProcedure()
    .input(mode)
    .input(useCaseInput(listWhatsappMessagesInput))
    .query(({ input }) => listWhatsappMessages(input, input)),
});
