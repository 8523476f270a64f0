// The parts of Meta's webhook payloads Kasa reads (docs/research/whatsapp.md, section 4), typed loosely: a post is
// Meta's, signature checked, but any field may be missing in a version Kasa has not seen, so each is read with care.
export type MetaStatus = {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  biz_opaque_callback_data?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};

export type MetaInbound = {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
} & Record<string, unknown>;

export type MetaChangeValue = {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  statuses?: MetaStatus[];
  messages?: MetaInbound[];
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  // message_template_status_update
  event?: string;
  message_template_id?: number | string;
  message_template_name?: string;
  message_template_language?: string;
  reason?: string | null;
};

export type MetaPayload = { entry?: { changes?: { field?: string; value?: MetaChangeValue }[] }[] };

/** Meta's Unix seconds (a string) as a date: now when it is missing, not a number, or in the future (a clock ahead
 * must not hold a 24-hour window open longer). */
export function metaTime(timestamp: unknown): Date {
  const seconds = Number(timestamp);
  const now = Date.now();
  return Number.isFinite(seconds) && seconds > 0 && seconds * 1000 <= now ? new Date(seconds * 1000) : new Date(now);
}

/** A list Meta sent, or none: a field of another shape is read as empty, never thrown on. */
export function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter((v) => v !== null && typeof v === "object") as T[]) : [];
}

/** A post of Meta's shape with one "messages" change for `number`: how the sandbox's "Meta" writes what Meta would post. */
export function metaMessagesPost(number: { displayPhoneNumber: string }, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "sandbox",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: "sandbox" },
              ...value,
            },
          },
        ],
      },
    ],
  };
}
