// The WhatsApp page (issue #42): the account's Business numbers. Reading them is anyone's on the account (no secret
// is in them); connecting one hands Kasa a token that sends for money, and removing one stops its messages: those
// are developers', audited.
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { useCaseInput } from "../use-case-input";
import { listWhatsappNumbers } from "../../modules/whatsapp/list-whatsapp-numbers";
import { connectWhatsappNumber } from "../../modules/whatsapp/connect-whatsapp-number";
import { disconnectWhatsappNumber } from "../../modules/whatsapp/disconnect-whatsapp-number";
import { connectWhatsappNumberInput, whatsappNumberId } from "../../modules/whatsapp/schemas";

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
});
