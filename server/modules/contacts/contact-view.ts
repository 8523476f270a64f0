import type { Contact } from "../../db/generated/client";
import { consentView } from "./consent";

/** A contact as the API answers it. */
export function contactView(c: Contact, lists: string[]) {
  return {
    id: c.id,
    phone: c.phone,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    attributes: c.attributes as Record<string, string>,
    lists,
    subscribed: { sms: c.smsUnsubscribedAt === null, email: c.emailUnsubscribedAt === null },
    consent: consentView(c),
    created_at: c.createdAt.toISOString(),
  };
}
