// Verify's email for an account with no verified domain yet: sent from the
// deployment's own sender (KASA_SYSTEM_FROM, the address Kasa's own mail uses),
// through the same relay and charged like any email. Kasa signs with no
// customer key here: the deployment's relay signs its own domain.
import { AppError } from "../../errors/app-error";
import type { SenderDomain } from "../../db/generated/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { emailTransportFor } from "../../providers/email";
import { systemFrom } from "../system-mail/send-system-mail";
import { parseMailboxes } from "../email/addresses";
import { suppressedAmong } from "../email/suppressions";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "../email/pricing";
import type { EmailPlan } from "../email/prepare-email";

export async function deploymentSenderPlan(to: string, caller: ApiCaller): Promise<EmailPlan> {
  const from = parseMailboxes("from", systemFrom())[0]!;
  const transport = emailTransportFor(caller.mode);
  if (!transport)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Live email is not configured on this deployment; nothing was charged",
      context: { service: "email" },
    });
  const suppressed = await suppressedAmong(caller.accountId, [to], caller.mode);
  // What the relay hand-over reads of a domain: its name (Message-ID), its bounce host, and no tracking.
  const domain = {
    name: from.address.split("@")[1]!,
    returnPathHost: null,
    openTracking: false,
    clickTracking: false,
  } as unknown as SenderDomain;
  return {
    from,
    domain,
    to: [{ name: "", address: to }],
    cc: [],
    bcc: [],
    attachments: [],
    headers: { "Auto-Submitted": "auto-generated" },
    suppressed: [...suppressed],
    priceMicros: EMAIL_PRICE_PER_RECIPIENT_MICROS,
    transport,
    dkim: null,
  };
}
