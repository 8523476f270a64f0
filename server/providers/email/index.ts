// The one way to a mail transport: test keys get the sandbox; live keys the
// relay in SMTP_URL, or none (503 SERVICE_UNAVAILABLE, nothing charged).
import type { EmailTransport } from "./transport";
import { sandboxEmailTransport } from "./sandbox";
import { smtpTransport } from "./smtp";
import { config } from "../../config/config";

export { EmailRejected, EmailUnavailable, type EmailTransport, type OutboundEmail } from "./transport";
export { SANDBOX_EMAIL } from "./sandbox";

let live: { url: string; transport: EmailTransport } | undefined;

export function emailTransportFor(mode: "test" | "live"): EmailTransport | null {
  if (mode === "test") return sandboxEmailTransport;
  const url = config().SMTP_URL;
  if (!url) return null;
  if (live?.url !== url) live = { url, transport: smtpTransport(url) };
  return live.transport;
}
