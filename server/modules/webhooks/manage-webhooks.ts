import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/** GET /api/v1/webhooks: the account's endpoint(s); the secret is never shown again. */
export async function listWebhooks(accountId: string) {
  const endpoints = await db().webhookEndpoint.findMany({ where: { accountId } });
  return {
    webhooks: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      events: e.events,
      mode: e.mode,
      active: e.active,
      disabled_reason: e.disabledReason,
      disabled_at: e.disabledAt?.toISOString() ?? null,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    })),
  };
}

/** DELETE /api/v1/webhooks?id=: another account's id is NOT_FOUND, like an unknown one. */
export async function deleteWebhook(accountId: string, id: string) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const { count } = uuid ? await db().webhookEndpoint.deleteMany({ where: { id, accountId } }) : { count: 0 };
  if (count === 0) throw new AppError("NOT_FOUND", { message: `No webhook ${id}` });
  return { id, deleted: true as const };
}
