import { z } from "zod";
import { router, accountProcedure } from "../init";
import { getMessageEvents, listMessages } from "../../modules/messages/list-messages";

export const messagesRouter = router({
  list: accountProcedure()
    .input(
      z.object({
        kind: z.enum(["sms", "email"]).optional(),
        status: z.enum(["pending", "sent", "delivered", "failed", "unknown", "received"]).optional(),
        cursor: z.date().optional(),
        tag: z.string().trim().min(1).max(600).optional(),
      }),
    )
    .query(({ input }) => listMessages({ ...input, before: input.cursor })),
  events: accountProcedure()
    .input(z.object({ transactionId: z.string().max(100) }))
    .query(({ input }) => getMessageEvents(input)),
});
