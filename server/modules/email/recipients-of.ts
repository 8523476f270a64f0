import type { EmailMessage } from "../../db/generated/client";

/**
 * The bare, lower-cased addresses a message was sent to (to, cc and bcc are
 * stored as written, "Name" <address> included). A bounce or complaint is
 * believed only for one of these.
 */
export function recipientsOf(email: Pick<EmailMessage, "toAddresses" | "ccAddresses" | "bccAddresses">): Set<string> {
  return new Set(
    [...email.toAddresses, ...email.ccAddresses, ...email.bccAddresses].map((written) =>
      (/<([^>]+)>\s*$/.exec(written)?.[1] ?? written).trim().toLowerCase(),
    ),
  );
}
