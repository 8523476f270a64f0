import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { registerSenderId } from "../../modules/senders/register-sender-id";
import { listSenders } from "../../modules/senders/list-senders";
import { removeSenderId } from "../../modules/senders/remove-sender-id";
import { removeVerifiedNumber } from "../../modules/senders/remove-verified-number";
import { confirmNumberVerification } from "../../modules/senders/confirm-number-verification";
import { startNumberVerification } from "../../modules/senders/start-number-verification";
import { coverage } from "../../modules/coverage/coverage-cache";
import { registerSenderIdInput } from "../../modules/senders/schemas";

const id = z.object({ id: z.string().min(1) });

export const sendersRouter = router({
  list: accountProcedure().query(({ input }) => listSenders({ accountId: input.accountId })),
  /** Markets where carriers carry alphanumeric sender IDs, for the application form. */
  markets: accountProcedure().query(async () =>
    (await coverage()).countries
      .filter((c) => c.supported && c.senderIdSupported)
      .map((c) => ({ iso: c.iso2, name: c.name })),
  ),
  applySenderId: accountProcedure("developer", { active: true })
    .input(
      z.object({
        name: z.string(),
        country: z.string().length(2),
        useCase: z.string().max(500).optional(),
        sampleMessage: registerSenderIdInput.shape.sample_message,
        companyName: registerSenderIdInput.shape.company_name,
        documents: registerSenderIdInput.shape.documents,
      }),
    )
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "sender_id.applied",
        () =>
          registerSenderId({
            accountId: input.accountId,
            name: input.name,
            countryIso: input.country,
            useCase: input.useCase,
            sampleMessage: input.sampleMessage,
            companyName: input.companyName,
            documents: input.documents,
          }),
        (r) => ({ target: r.id, data: { name: input.name, country: input.country } }),
      ),
    ),
  removeSenderId: accountProcedure("developer")
    .input(id)
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "sender_id.removed",
        () => removeSenderId({ accountId: input.accountId, id: input.id }),
        () => ({ target: input.id }),
      ),
    ),
  startNumber: accountProcedure("developer", { active: true })
    .input(z.object({ number: z.string() }))
    .mutation(({ input }) => startNumberVerification({ accountId: input.accountId, number: input.number })),
  confirmNumber: accountProcedure("developer", { active: true })
    .input(z.object({ id: z.string(), code: z.string().max(12) }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "sender_number.verified",
        () => confirmNumberVerification({ accountId: input.accountId, id: input.id, code: input.code }),
        () => ({ target: input.id }),
      ),
    ),
  removeNumber: accountProcedure("developer")
    .input(id)
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "sender_number.removed",
        () => removeVerifiedNumber({ accountId: input.accountId, id: input.id }),
        () => ({ target: input.id }),
      ),
    ),
});
