import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { registerWebhook } from "../../modules/webhooks/register-webhook";
import { updateWebhook } from "../../modules/webhooks/update-webhook";
import { deleteWebhook } from "../../modules/webhooks/manage-webhooks";
import { webhookOverview } from "../../modules/webhooks/delivery-log";
import { replayDelivery } from "../../modules/webhooks/replay-delivery";
import { webhookDeliveryRequest } from "../../modules/webhooks/delivery-request";
import { replayFailedSince } from "../../modules/webhooks/replay-failed-since";
import { sendTestEvent } from "../../modules/webhooks/send-test-event";
import { rotateWebhookSecret } from "../../modules/webhooks/rotate-webhook-secret";
import { registerWebhookInput, webhookIdInput } from "../../modules/webhooks/schemas";
import { useCaseInput } from "../use-case-input";

export const webhooksRouter = router({
  overview: accountProcedure()
    .input(z.object({ mode: z.enum(["live", "test"]).optional() }))
    .query(({ input }) => webhookOverview(input)),
  register: accountProcedure("developer", { active: true })
    // The dashboard never sets its own secret (a new one is issued), so that field is not taken here.
    .input(useCaseInput(registerWebhookInput.omit({ secret: true })))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "webhook.registered",
        () => registerWebhook(input.accountId, { url: input.url, events: input.events, mode: input.mode }),
        (hook) => ({ target: hook.id, data: { url: input.url, events: input.events, mode: hook.mode } }),
      ),
    ),
  update: accountProcedure("developer", { active: true })
    .input(useCaseInput(registerWebhookInput.omit({ secret: true })))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "webhook.updated",
        () => updateWebhook(input.accountId, { url: input.url, events: input.events, mode: input.mode }),
        (hook) => ({ target: hook.id, data: { url: input.url, events: input.events, mode: hook.mode } }),
      ),
    ),
  remove: accountProcedure("developer")
    .input(useCaseInput(webhookIdInput))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "webhook.removed",
        () => deleteWebhook(input.accountId, input.id),
        () => ({ target: input.id }),
      ),
    ),
  /** One delivery's request (URL, headers, body), read when its row is opened in the log. */
  deliveryRequest: accountProcedure()
    .input(z.object({ id: z.string().uuid() }))
    .query(({ input }) => webhookDeliveryRequest(input)),
  replay: accountProcedure("developer", { active: true })
    .input(z.object({ id: z.string().uuid() }))
    .mutation(({ input }) => replayDelivery(input)),
  replayFailedSince: accountProcedure("developer", { active: true })
    .input(z.object({ since: z.coerce.date() }))
    .mutation(({ input }) => replayFailedSince(input)),
  rotateSecret: accountProcedure("developer").mutation(({ input, ctx }) =>
    audited(
      { user: ctx.user, accountId: input.accountId },
      "webhook.secret_rotated",
      () => rotateWebhookSecret(input),
      (r) => ({
        target: r.id,
      }),
    ),
  ),
  sendTest: accountProcedure("developer", { active: true }).mutation(({ input }) => sendTestEvent(input)),
});
