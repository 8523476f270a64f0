// A delivery's request as the endpoint received it, for the delivery log: the URL, the headers and the exact body
// (the bytes Kasa signed, as stored). Read one at a time, when a row is opened: the log's list carries no bodies.
// Signatures are described, not recomputed: their values differ on every attempt (the timestamp is signed) and the
// dashboard has no business unsealing the secret to show them.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { webhookBaseHeaders } from "./webhook-headers";

export async function webhookDeliveryRequest(input: { accountId: string; id: string }) {
  const delivery = await db().webhookDelivery.findFirst({
    where: { id: input.id, accountId: input.accountId },
    select: { id: true, payload: true, endpoint: { select: { url: true } } },
  });
  if (!delivery) throw new AppError("NOT_FOUND", { message: "No such delivery on this account" });
  const headers: [string, string][] = [
    ...Object.entries(webhookBaseHeaders(delivery.payload)).map(([name, value]): [string, string] => [
      name,
      String(value),
    ]),
    ["X-Service-Signature", "sha256=<HMAC-SHA256 of the body, keyed with the endpoint's secret>"],
    ["webhook-id", delivery.id],
    ["webhook-timestamp", "<the attempt's time, in Unix seconds>"],
    ["webhook-signature", 'v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">'],
  ];
  return { method: "POST" as const, url: delivery.endpoint.url, headers, body: delivery.payload };
}
