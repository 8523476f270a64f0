// A whatsapp_messages row read with plain SQL (snake_case, bigint as text) as Prisma's WhatsappMessage.
import type { WhatsappMessage } from "../../db/generated/client";

export function messageFromRow(r: Record<string, unknown>): WhatsappMessage {
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    apiKeyId: (r.api_key_id as string | null) ?? null,
    mode: r.mode as "test" | "live",
    numberId: (r.number_id as string | null) ?? null,
    direction: r.direction as string,
    contact: r.contact as string,
    kind: r.kind as string,
    templateName: (r.template_name as string | null) ?? null,
    templateLanguage: (r.template_language as string | null) ?? null,
    category: (r.category as string | null) ?? null,
    body: (r.body as string | null) ?? null,
    media: (r.media as WhatsappMessage["media"]) ?? null,
    countryIso: (r.country_iso as string | null) ?? null,
    status: r.status as string,
    wamid: (r.wamid as string | null) ?? null,
    priceMicros: BigInt(r.price_micros as string),
    currency: r.currency as string,
    moneySettled: r.money_settled as boolean,
    errorCode: (r.error_code as number | null) ?? null,
    errorMessage: (r.error_message as string | null) ?? null,
    profileName: (r.profile_name as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    sentAt: (r.sent_at as Date | null) ?? null,
    deliveredAt: (r.delivered_at as Date | null) ?? null,
    readAt: (r.read_at as Date | null) ?? null,
    failedAt: (r.failed_at as Date | null) ?? null,
  };
}
