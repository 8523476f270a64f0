import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { AppError } from "../../errors/app-error";
import { EMAIL_ADDRESS } from "../../lib/string-formats";

export type Mailbox = { name: string; address: string };
// "address": a mailbox being created (POST /domains/mailboxes) is named by its own field.
export type AddressField = "to" | "cc" | "bcc" | "from" | "replyTo" | "address";

const validAddress = z.email({ pattern: EMAIL_ADDRESS });

/**
 * SPEC 4.1: every address field takes "addr" or "Name <addr>", as one string
 * or an array. Each mailbox is checked; a bad one is INVALID_EMAIL naming the
 * address (and the field, for cc and bcc).
 */
export function parseMailboxes(field: AddressField, value: string | string[] | undefined): Mailbox[] {
  const items = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const mailboxes: Mailbox[] = [];
  for (const item of items) {
    if (item.trim() === "") continue;
    const parsed = addressparser(item, { flatten: true }) as { name: string; address: string }[];
    if (parsed.length === 0) throw invalidEmail(field, item);
    for (const mailbox of parsed) {
      if (!validAddress.safeParse(mailbox.address).success) throw invalidEmail(field, mailbox.address || item);
      mailboxes.push({ name: mailbox.name, address: mailbox.address.toLowerCase() });
    }
  }
  return mailboxes;
}

export function formatMailbox(mailbox: Mailbox): string {
  return mailbox.name ? `${JSON.stringify(mailbox.name)} <${mailbox.address}>` : mailbox.address;
}

function invalidEmail(field: AddressField, address: string) {
  const where = field === "to" ? "" : ` in ${field}`;
  return new AppError("INVALID_EMAIL", {
    message: `Invalid email address${where}: ${address}`,
    context: { field, address },
  });
}
