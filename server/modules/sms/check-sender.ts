import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { E164 } from "../../lib/string-formats";
import { coverage } from "../coverage/coverage-cache";
import { DEFAULT_SENDER, defaultSenderFor } from "./default-sender";
import { lookUpNumber } from "../lookup/look-up-number";

export { DEFAULT_SENDER };

export const SENDER_ID_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9 .&_-]{1,11}$/;
/** SENDER_ID_PATTERN without its look-ahead (any client's regex engine reads it), the length apart: what the document states. */
export const SENDER_ID_PLAIN_PATTERN = /^[A-Za-z0-9.&_-]*[A-Za-z][A-Za-z0-9 .&_-]*$/;

/**
 * SPEC 4.3's sender rules, checked before anything is charged:
 * - no `from` (or the default name): the default for the destination's country (default-sender.ts);
 * - a phone number must be verified by the account;
 * - a name must be a sender ID the account holds for the destination's market, approved by the network the number
 *   is on now where the market's networks decide apart (networkRefusal); with `fallback`, an own sender ID not
 *   approved for the number gives way to the default sender instead of a refusal;
 *   held by another account there (or only elsewhere by others) is 403
 *   SENDER_ID_NOT_YOURS; the account's own but not approved for this market is
 *   a 400 SMS_SEND_FAILED (carriers block it), saying where it is approved.
 * Test keys get exactly the same answers (DESIGN.md: the sandbox differs only
 * in who delivers and in not charging); until a sender ID is approved,
 * integrate without `from`.
 */
export async function checkSender(input: {
  from: string | undefined;
  accountId: string;
  countryIso: string;
  mode: "test" | "live";
  /** The recipient (E.164): a sender ID some of its country's networks approved goes only to numbers on those. */
  to: string;
  /** Instead of refusing an own sender ID not approved for this number, use the country's default sender. */
  fallback?: boolean;
}): Promise<string> {
  const sender = input.from?.trim() ?? "";
  const defaultSender = async () => {
    const country = (await coverage()).byIso.get(input.countryIso);
    return country ? defaultSenderFor(country, input.mode) : DEFAULT_SENDER();
  };
  if (sender === "" || sender === DEFAULT_SENDER()) return defaultSender();
  if (E164.test(sender)) return checkVerifiedNumber(sender, input.accountId);
  if (!SENDER_ID_PATTERN.test(sender)) {
    const msg = `"from" must be a sender ID (1-11 letters, digits or spaces, at least one letter) or an E.164 phone number`;
    throw new AppError("INVALID_REQUEST", {
      message: msg,
      context: { errors: [{ type: "invalid_sender", loc: ["body", "from"], msg }] },
    });
  }
  const registrations = await db().senderId.findMany({
    where: { name: sender },
    select: {
      accountId: true,
      countryIso: true,
      status: true,
      networks: { select: { status: true, network: { select: { slug: true, name: true } } } },
    },
  });
  const here = registrations.find((r) => r.countryIso === input.countryIso);
  const mine = registrations.filter((r) => r.accountId === input.accountId);
  if ((here && here.accountId !== input.accountId) || (!mine.length && registrations.length)) {
    throw new AppError("SENDER_ID_NOT_YOURS", {
      message: `The sender ID "${sender}" is registered to another account${here ? ` in ${input.countryIso}` : ""}`,
    });
  }
  if (here?.status === "approved") {
    const refusal = await networkRefusal(sender, here.networks, input);
    if (!refusal) return sender;
    if (input.fallback) return defaultSender();
    throw refusal;
  }
  if (input.fallback && mine.length) return defaultSender();
  const approvedIn = mine.filter((r) => r.status === "approved").map((r) => r.countryIso);
  const reason = !mine.length
    ? "sender_id_unregistered"
    : here?.status === "rejected"
      ? "sender_id_rejected"
      : here
        ? "sender_id_pending"
        : "sender_id_not_approved_here";
  const message = !mine.length
    ? `The sender ID "${sender}" is not registered on this account; register it for ${input.countryIso} on the Domains & senders page, or omit "from" to use "${DEFAULT_SENDER()}"`
    : here
      ? `The sender ID "${sender}" is ${here.status} for ${input.countryIso}; carriers there block it until it is approved`
      : `The sender ID "${sender}" is not approved for ${input.countryIso}${approvedIn.length ? ` (approved in ${approvedIn.join(", ")})` : ""}; sender IDs are approved per market`;
  throw new AppError("SMS_SEND_FAILED", {
    status: 400,
    message,
    context: { reason, sender, country: input.countryIso, approved_in: approvedIn },
  });
}

/**
 * Approved by some of the country's networks and not others: the number's current network (the lookup's answer, the
 * sandbox's for test keys) must be one that approved it; null when it may go. Approved by all, or with no networks on
 * record, asks nothing.
 */
async function networkRefusal(
  sender: string,
  networks: { status: string; network: { slug: string; name: string } }[],
  input: { to: string; countryIso: string; mode: "test" | "live" },
): Promise<AppError | null> {
  const approved = networks.filter((n) => n.status === "approved").map((n) => n.network);
  if (!networks.length || approved.length === networks.length) return null;
  const answer = await lookUpNumber({ phoneNumber: input.to, mode: input.mode });
  const on = answer.current_network;
  if (on?.network && approved.some((n) => n.slug === on.network)) return null;
  const names = approved.map((n) => n.name).join(", ");
  return new AppError("SMS_SEND_FAILED", {
    status: 400,
    message: `The sender ID "${sender}" is not approved on ${on ? `${on.name}, the network of ${input.to}` : `the network of ${input.to}`}; it is approved on ${names} only. Send with "sender_fallback": true to use the default sender, or omit "from"`,
    context: {
      reason: "sender_id_not_approved_on_network",
      sender,
      country: input.countryIso,
      network: on?.network ?? null,
      network_source: answer.source,
      approved_networks: approved.map((n) => n.slug),
    },
  });
}

async function checkVerifiedNumber(number: string, accountId: string): Promise<string> {
  const verified = await db().verifiedNumber.findFirst({
    where: { accountId, number, status: "verified" },
    select: { id: true },
  });
  if (verified) return number;
  throw new AppError("SMS_SEND_FAILED", {
    status: 400,
    message: `The phone number ${number} is not verified on this account; verify it on the Domains & senders page, or omit "from" to use "${DEFAULT_SENDER()}"`,
    context: { reason: "phone_unverified", sender: number },
  });
}
