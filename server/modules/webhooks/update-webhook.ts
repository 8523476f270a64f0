// The dashboard's "Save changes" on an endpoint that exists: its URL, events
// and mode change, its signing secret does not (rotating it is its own button,
// with the overlap window receivers need). Saving also turns a disabled
// endpoint back on with a clean slate, as registering again does.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { publicWebhookUrl } from "./public-webhook-url";
import type { RegisterWebhookInput } from "./schemas";

export async function updateWebhook(accountId: string, input: Omit<RegisterWebhookInput, "secret">) {
  const url = await publicWebhookUrl(input.url);
  const before = await db().webhookEndpoint.findUnique({ where: { accountId }, select: { url: true } });
  const { count } = await db().webhookEndpoint.updateMany({
    where: { accountId },
    data: {
      url: url.toString(),
      events: [...new Set(input.events)],
      ...(input.mode ? { mode: input.mode } : {}),
      active: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      // Another URL has yet to take a delivery; the same one keeps its record.
      ...(before && before.url !== url.toString() ? { firstDeliveredAt: null } : {}),
      updatedAt: new Date(),
    },
  });
  if (count === 0) throw new AppError("NOT_FOUND", { message: "This account has no webhook endpoint yet" });
  const endpoint = await db().webhookEndpoint.findUniqueOrThrow({ where: { accountId } });
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events, mode: endpoint.mode, active: endpoint.active };
}
