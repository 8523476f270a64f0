import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "./sign-webhook";
import { PREVIOUS_SECRET_GRACE_S } from "./delivery-settings";

/**
 * A new whsec_ secret for the endpoint, URL and events unchanged. The old
 * secret keeps signing beside it (in webhook-signature) for 24 hours, so the
 * receiver can deploy the new one without rejecting a single delivery.
 */
export async function rotateWebhookSecret(input: { accountId: string }) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId: input.accountId } });
  if (!endpoint) throw new AppError("NOT_FOUND", { message: "Register a webhook endpoint first" });
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(Date.now() + PREVIOUS_SECRET_GRACE_S * 1000);
  await db().webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { secret: seal(secret), previousSecret: endpoint.secret, previousSecretExpiresAt, updatedAt: new Date() },
  });
  return { id: endpoint.id, secret, previousSecretExpiresAt };
}
