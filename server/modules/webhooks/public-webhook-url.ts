import { AppError } from "../../errors/app-error";
import { unsafeHostReason } from "./url-safety";

/** The URL an endpoint is registered or edited with, refused (INVALID_URL) when its host is not a public address. */
export async function publicWebhookUrl(raw: string): Promise<URL> {
  const url = new URL(raw);
  const reason = await unsafeHostReason(url.hostname);
  if (reason)
    throw new AppError("INVALID_URL", {
      message: `Webhook URL not allowed: ${reason}`,
      context: { reason: "forbidden_address" },
    });
  return url;
}
