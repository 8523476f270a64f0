import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/** The account's endpoint, if it is on: replays into a disabled one would queue deliveries nobody sends. */
export async function activeEndpoint(accountId: string) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId } });
  if (!endpoint) throw new AppError("NOT_FOUND", { message: "Register a webhook endpoint first" });
  if (!endpoint.active)
    throw new AppError("CONFLICT", {
      message: "The endpoint is disabled; save it again to turn it back on, then replay",
      context: { reason: "endpoint_disabled" },
    });
  return endpoint;
}
