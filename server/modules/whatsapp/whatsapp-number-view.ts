// A connected number as the API shows it: never its token, app secret or verify token (connect answers that once).
import { publicUrl } from "../../config/public-url";
import type { WhatsappNumber } from "../../db/generated/client";

/** Where Meta sends the number's messages and receipts (app/api/whatsapp/[numberId]/route.ts). */
export function whatsappWebhookUrl(id: string): string {
  return `${publicUrl()}/api/whatsapp/${id}`;
}

export function whatsappNumberView(n: WhatsappNumber) {
  return {
    id: n.id,
    sandbox: n.sandbox,
    phone_number_id: n.phoneNumberId,
    waba_id: n.wabaId,
    display_phone_number: n.displayPhoneNumber,
    verified_name: n.verifiedName,
    quality_rating: n.qualityRating,
    webhook_url: n.sandbox ? null : whatsappWebhookUrl(n.id),
    created_at: n.createdAt.toISOString(),
  };
}
