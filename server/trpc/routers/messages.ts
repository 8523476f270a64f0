import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listMessages } from "../../modules/messages/list-messages";
import { getMessageDetail } from "../../modules/messages/get-message-detail";
import { listScheduledEmails } from "../../modules/email/list-scheduled-emails";
import { cancelScheduledEmail } from "../../modules/email/cancel-scheduled-email";
import { audited } from "../audited";
import { listScheduledSms } from "../../modules/sms/list-scheduled-sms";
import { cancelScheduledSms } from "../../modules/sms/cancel-scheduled-sms";

export const messagesRouter = router({
  list: accountProcedure()
    .input(
      z.object({
        kind: z.enum(["sms", "email"]).optional(),
        status: z
          .enum(["pending", "scheduled", "sent", "delivered", "failed", "unknown", "cancelled", "received"])
          .optional(),
        cursor: z.date().optional(),
        tag: z.string().trim().min(1).max(600).optional(),
      }),
    )
    .query(({ input }) => listMessages({ ...input, before: input.cursor })),
  scheduled: accountProcedure().query(({ input }) => listScheduledEmails(input)),
  cancelScheduled: accountProcedure("developer")
    .input(z.object({ emailId: z.string().min(1).max(100) }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "email.cancelled",
        () => cancelScheduledEmail(input.emailId, { accountId: input.accountId, actor: ctx.user.id }),
        () => ({ target: input.emailId }),
      ),
    ),
  scheduledSms: accountProcedure().query(({ input }) => listScheduledSms(input)),
  cancelScheduledSms: accountProcedure("developer")
    .input(z.object({ transactionId: z.string().min(1).max(100) }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "sms.cancelled",
        () => cancelScheduledSms(input.transactionId, { accountId: input.accountId }),
        () => ({ target: input.transactionId }),
      ),
    ),
  events: accountProcedure()
    .input(z.object({ transactionId: z.string().max(100) }))
    .query(({ input }) => getMessageDetail(input)),
});
