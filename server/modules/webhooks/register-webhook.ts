import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "./sign-webhook";
import { publicWebhookUrl } from "./public-webhook-url";
import type { RegisterWebhookInput } from "./schemas";

/**
 * POST /api/v1/webhooks (SPEC 4.5): one endpoint per account; registering
 * again updates it. The secret (given, or generated as whsec_...) is in this
 * answer only.
 */
export async function registerWebhook(accountId: string, input: RegisterWebhookInput) {
  const url = await publicWebhookUrl(input.url);
  const events = [...new Set(input.events)];
  const secret = input.secret ?? newWebhookSecret();
  const now = new Date();
  const endpoint = await db().webhookEndpoint.upsert({
    where: { accountId },
    create: {
      id: randomUUID(),
      accountId,
      url: url.toString(),
      events,
      secret: seal(secret),
      active: true,
      mode: input.mode ?? "both",
      createdAt: now,
      updatedAt: now,
    },
    // Saving again is also how a disabled endpoint is turned back on, with a clean slate.
    update: {
      url: url.toString(),
      events,
      secret: seal(secret),
      active: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      // A new secret (and perhaps a new URL): the receiver has to show it takes deliveries again.
      firstDeliveredAt: null,
      previousSecret: null,
      previousSecretExpiresAt: null,
      ...(input.mode ? { mode: input.mode } : {}),
      updatedAt: now,
    },
  });
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    secret,
    mode: endpoint.mode,
    active: endpoint.active,
    created_at: endpoint.createdAt.toISOString(),
  };
}
