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

/** Meta's Unix seconds (a string) as a date; now when it is missing or not a number. */
export function metaTime(timestamp: string | undefined): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}
