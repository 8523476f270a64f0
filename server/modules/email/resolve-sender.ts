import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { SenderDomain } from "../../db/generated/client";
import { parseMailboxes, type Mailbox } from "./addresses";
import { config } from "../../config/config";

const DEFAULT_LOCAL_PART = () => config().KASA_EMAIL_DEFAULT_LOCAL_PART ?? "noreply";

/**
 * SPEC 4.1 `from`: on a domain verified for this account, or, when omitted,
 * the account's primary verified domain. Never silently replaced.
 */
export async function resolveSender(
  accountId: string,
  from: string | undefined,
): Promise<{ mailbox: Mailbox; domain: SenderDomain }> {
  const domains = await db().senderDomain.findMany({ where: { accountId, status: "verified" } });
  if (from === undefined || from.trim() === "") {
    const primary = domains.find((d) => d.isPrimary) ?? domains[0];
    if (!primary) {
      throw new AppError("UNVERIFIED_SENDER_DOMAIN", {
        message: "This account has no verified sender domain yet: add and verify one, then send",
        context: { provided_from: null, provided_domain: null },
      });
    }
    return { mailbox: { name: "", address: `${DEFAULT_LOCAL_PART()}@${primary.name}` }, domain: primary };
  }
  const [mailbox, ...more] = parseMailboxes("from", from);
  if (!mailbox || more.length)
    throw new AppError("INVALID_EMAIL", {
      message: `Invalid email address in from: ${from}`,
      context: { field: "from", address: from },
    });
  const domainName = mailbox.address.split("@")[1]!;
  const domain = domains.find((d) => d.name === domainName);
  if (!domain) {
    throw new AppError("UNVERIFIED_SENDER_DOMAIN", {
      message: `${domainName} is not a verified sender domain on this account`,
      context: { provided_from: from, provided_domain: domainName },
    });
  }
  return { mailbox, domain };
}
