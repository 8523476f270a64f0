import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { SenderDomain } from "../../db/generated/client";
import { parseMailboxes, type Mailbox } from "./addresses";
import { config } from "../../config/config";
import { unsignedDomain } from "./unsigned-domain";
import { SANDBOX_EMAIL } from "../../providers/email";

const DEFAULT_LOCAL_PART = () => config().KASA_EMAIL_DEFAULT_LOCAL_PART ?? "noreply";

/**
 * The sandbox sender: test keys send from it with no domain of their own, so a test email works on day one (as
 * Resend's onboarding@resend.dev does). On the sandbox's own domain, beside its recipients (SANDBOX_EMAIL): test
 * mail goes to the sandbox only, and a live key is refused it.
 */
export const SANDBOX_SENDER = `onboarding@${SANDBOX_EMAIL.delivered.split("@")[1]}`;
const SANDBOX_DOMAIN = SANDBOX_SENDER.split("@")[1]!;

export type Sender = { mailbox: Mailbox; domain: SenderDomain; sandbox: boolean };

/**
 * SPEC 4.1 `from`: on a domain verified for this account, or, when omitted,
 * the account's primary verified domain. Never silently replaced. A test key
 * may also send from the sandbox sender, and does when the account has no
 * verified domain and names none.
 */
export async function resolveSender({
  accountId,
  mode,
  from,
}: {
  accountId: string;
  mode: "test" | "live";
  from: string | undefined;
}): Promise<Sender> {
  const domains = await db().senderDomain.findMany({ where: { accountId, status: "verified" } });
  if (from === undefined || from.trim() === "") {
    const primary = domains.find((d) => d.isPrimary) ?? domains[0];
    if (primary)
      return {
        mailbox: { name: "", address: `${DEFAULT_LOCAL_PART()}@${primary.name}` },
        domain: primary,
        sandbox: false,
      };
    if (mode === "test") return sandboxSender({ name: "Kasa sandbox", address: SANDBOX_SENDER });
    throw new AppError("UNVERIFIED_SENDER_DOMAIN", {
      message: `This account has no verified sender domain yet: add and verify one, then send (test keys may send from ${SANDBOX_SENDER})`,
      context: { provided_from: null, provided_domain: null },
    });
  }
  const [mailbox, ...more] = parseMailboxes("from", from);
  if (!mailbox || more.length)
    throw new AppError("INVALID_EMAIL", {
      message: `Invalid email address in from: ${from}`,
      context: { field: "from", address: from },
    });
  const domainName = mailbox.address.split("@")[1]!;
  if (mailbox.address === SANDBOX_SENDER) {
    if (mode === "test") return sandboxSender(mailbox);
    throw new AppError("UNVERIFIED_SENDER_DOMAIN", {
      message: `${SANDBOX_SENDER} is the sandbox sender, for test keys only: send live mail from a domain you verified`,
      context: { provided_from: from, provided_domain: domainName },
    });
  }
  const domain = domains.find((d) => d.name === domainName);
  if (!domain) {
    throw new AppError("UNVERIFIED_SENDER_DOMAIN", {
      message: `${domainName} is not a verified sender domain on this account`,
      context: { provided_from: from, provided_domain: domainName },
    });
  }
  return { mailbox, domain, sandbox: false };
}

function sandboxSender(mailbox: Mailbox): Sender {
  return { mailbox, domain: unsignedDomain(SANDBOX_DOMAIN), sandbox: true };
}
