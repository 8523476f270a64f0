// What the endpoints answer inside `data`, as zod schemas: the OpenAPI
// document is generated from these and from the input schemas, never
// written by hand. Loose objects: SPEC 9.4, clients ignore fields they do not know.
import { z } from "zod";
import { SERVICES } from "../../modules/limits/services";
import { NUMBER_STATUSES, SENDER_ID_STATUSES } from "../../modules/senders/sender-views";
import { TOPUP_KINDS, TOPUP_STATUSES } from "../../modules/topups/topup-view";
import { NETWORKS } from "../../modules/topups/networks";
import { ENGAGEMENT_KINDS } from "../../modules/email/get-email-status";
import { loose, price } from "./schema-parts";

// The products beside SPEC's API (Verify, contacts, templates) answer from their own file.
export * from "./product-schemas";

const timestamp = z.string().describe("ISO 8601, UTC");

export const smsResult = loose({
  transaction_id: z.string().describe("sms_<token>_<token>"),
  message_id: z.string().nullable().describe("The carrier's message id"),
  status: z.enum(["pending", "sent", "delivered", "failed", "unknown"]),
  to: z.string(),
  from: z.string(),
  message_length: z.number().int(),
  segments: z.number().int(),
  encoding: z.enum(["gsm7", "ucs2"]),
  country: z.object({ code: z.string().nullable(), name: z.string().nullable(), iso: z.string() }),
  region: z.string(),
  route: z.enum(["africa_local", "africa_regional", "global"]),
  provider: z.string().nullable(),
  price,
  reference: z.string().nullable(),
  created_at: timestamp,
  detail: z
    .string()
    .nullable()
    .optional()
    .describe('With status "unknown": why the hand-off\'s outcome is not known (charged as sent; never resent)'),
});

export const smsStatus = smsResult.extend({
  error: z.object({ code: z.string(), message: z.string().nullable(), reason: z.string().nullable() }).nullable(),
  carrier_attempts: z.array(
    z.object({
      carrier: z.string(),
      outcome: z.enum(["accepted", "unavailable", "rejected", "ambiguous"]),
      detail: z.string().nullable(),
      at: timestamp,
    }),
  ),
  parts: z.array(
    z.object({
      part: z.number().int(),
      carrier_message_id: z.string(),
      status: z.string(),
      error_code: z.string().nullable(),
    }),
  ),
  history: z.array(z.object({ status: z.string(), at: timestamp })),
  updated_at: timestamp,
  delivered_at: timestamp.nullable(),
});

export const emailResult = loose({
  transaction_id: z.string(),
  email_id: z.string(),
  status: z.enum(["sent", "suppressed", "unknown", "scheduled", "cancelled"]),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  recipients: z.number().int(),
  price,
  remaining: z.number().int(),
  quota: z.object({ used: z.number().int(), remaining: z.number().int() }),
  scheduled_at: timestamp.optional().describe("When a scheduled message leaves (status scheduled)"),
  suppressed: z
    .array(z.string())
    .optional()
    .describe(
      "When every recipient was suppressed (status suppressed): the addresses, each on the suppression list (email.suppressed is raised for each)",
    ),
  created_at: timestamp,
});
export const emailCancelled = loose({
  email_id: z.string(),
  transaction_id: z.string(),
  status: z.literal("cancelled"),
  scheduled_at: timestamp.nullable(),
  refunded: price.nullable().describe("The reservation released (live keys); null for a test key"),
});
export const emailBatchResult = loose({
  batch_id: z.string(),
  results: z.array(
    loose({ index: z.number().int(), transaction_id: z.string(), email_id: z.string(), status: z.string() }),
  ),
});
export const emailStatus = loose({
  transaction_id: z.string(),
  email_id: z.string(),
  batch_id: z.string().nullable(),
  status: z.enum(["pending", "sent", "delivered", "failed", "unknown", "scheduled", "cancelled"]),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.string().nullable(),
  subject: z.string(),
  recipients: z.number().int().describe("How many addresses the message went to (to, cc and bcc)"),
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
  price: price,
  error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
  scheduled_at: timestamp.nullable(),
  delivery_reports: z
    .enum(["requested", "unsupported"])
    .nullable()
    .describe("unsupported: the relay offered no DSN, so email.delivered cannot come; null: not handed over yet"),
  engagements: z
    .array(loose({ type: z.enum(ENGAGEMENT_KINDS), url: z.string().optional(), at: timestamp }))
    .describe("Every open and click tracking saw, oldest first (up to 200)"),
  events: z
    .array(loose({ event: z.string(), timestamp, data: z.unknown() }))
    .describe("The message's events, oldest first, each as its webhook carried it"),
  created_at: timestamp,
  updated_at: timestamp,
});

const routeName = z.enum(["africa_local", "africa_regional", "global"]);
export const countries = z.object({
  countries: z.array(
    z.object({
      country: z.string(),
      iso_code: z.string().describe("ISO 3166-1 alpha-2"),
      dialing_code: z.string().describe("+ and the country calling code"),
      route: routeName,
      supported: z.boolean(),
      sender_id_supported: z.boolean(),
      default_sender: z
        .object({ type: z.enum(["alphanumeric", "number"]), sender: z.string().nullable() })
        .describe("What a message without `from` leaves from on live keys; null: a number is needed and none is set"),
      price_per_segment: z
        .string()
        .nullable()
        .describe('USD per segment as a decimal string ("0.02"); null where Kasa does not send'),
    }),
  ),
  total: z.number().int(),
  routes: z.record(
    z.string(),
    z.object({
      name: routeName,
      description: z.string(),
      sender_id: z.string(),
      price_per_segment: price.nullable(),
      countries: z.number().int().describe("Countries Kasa sends to on this route"),
    }),
  ),
});

export const balance = loose({
  balance: z.number(),
  currency: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }),
  usage: z
    .record(
      z.enum(SERVICES),
      z.record(
        z.enum(["minute", "day", "month"]),
        z.object({
          used: z.number().int(),
          limit: z.number().int(),
          remaining: z.number().int(),
          reset: z.number().int().describe("Unix time when the window resets (UTC)"),
        }),
      ),
    )
    .describe("Live-key requests per service and window against the plan's limits"),
});

const webhookMode = z.enum(["both", "live", "test"]).describe("Which events the endpoint receives");
export const webhookRegistration = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  secret: z.string().describe("Shown in this answer only"),
  mode: webhookMode,
  active: z.boolean(),
  created_at: timestamp,
});
export const webhookList = z.object({
  webhooks: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      events: z.array(z.string()),
      mode: webhookMode,
      active: z.boolean(),
      disabled_reason: z.string().nullable(),
      disabled_at: timestamp.nullable(),
      created_at: timestamp,
      updated_at: timestamp,
    }),
  ),
});
export const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const senderId = loose({
  id: z.string(),
  name: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2"),
  status: z.enum(SENDER_ID_STATUSES),
  use_case: z.string().nullable(),
  decision_note: z.string().nullable(),
  decided_at: timestamp.nullable(),
  created_at: timestamp,
});
export const phoneNumber = loose({
  id: z.string(),
  number: z.string().describe("E.164"),
  status: z.enum(NUMBER_STATUSES),
  verified_at: timestamp.nullable(),
  created_at: timestamp,
});
export const requestLogPage = z.object({
  requests: z.array(
    z.object({
      request_id: z.string(),
      method: z.string(),
      path: z.string(),
      status: z.number().int(),
      error_code: z.string().nullable(),
      duration_ms: z.number().int(),
      mode: z.enum(["test", "live"]).nullable(),
      key_prefix: z.string().nullable(),
      transaction_id: z.string().nullable(),
      created_at: timestamp,
    }),
  ),
  next_cursor: z.string().nullable().describe("Pass as cursor for the next (older) page; null on the last page"),
});

const dnsRecord = loose({
  purpose: z.enum(["dkim", "return_path", "spf", "dmarc", "mx"]),
  type: z.enum(["TXT", "MX"]),
  name: z.string(),
  value: z.string(),
  priority: z.number().int().optional(),
  required: z.boolean().describe("Needed to send; the others are advice (dmarc) or for inbound mail (mx)"),
  note: z.string(),
});
export const domain = loose({
  id: z.string(),
  name: z.string(),
  status: z.enum(["pending", "verified"]),
  primary: z.boolean(),
  open_tracking: z.boolean().describe("A 1x1 image in HTML messages raises email.opened"),
  click_tracking: z.boolean().describe("Links in HTML messages go through a signed redirect raising email.clicked"),
  return_path: z.string().describe("Where bounces and delivery reports of this domain's mail come back"),
  created_at: timestamp,
  verified_at: timestamp.nullable().describe("When DNS first showed every required record; null until then"),
  dns_records: z.array(dnsRecord),
});
export const domainVerification = domain.extend({
  dns_records: z.array(dnsRecord.extend({ found: z.boolean().describe("Whether DNS answers with this record now") })),
});
export const domainCheck = loose({
  name: z.string(),
  available: z.boolean(),
  reason: z.enum(["taken", "taken_by_you"]).optional().describe("Why the name is not available"),
});
export const mailbox = loose({
  id: z.string(),
  address: z.string(),
  domain: z.string().optional().describe("The domain it is on (in the answer that creates it)"),
  received: z.number().int().optional().describe("Messages received (in the list)"),
  created_at: timestamp,
});

export const topup = loose({
  transaction_id: z.string().describe("data_<token>_<token> or airtime_<token>_<token>"),
  type: z.enum(TOPUP_KINDS),
  status: z.enum(TOPUP_STATUSES),
  phone_number: z.string(),
  country: z.string(),
  network: z.string().nullable().optional(),
  capacity_gb: z.number().nullable().optional(),
  bundle_id: z.string().nullable().optional(),
  operator_id: z.number().nullable().optional(),
  operator_name: z.string().nullable().optional(),
  amount: z.number().nullable().optional(),
  amount_currency: z.string().nullable().optional(),
  price,
  provider_reference: z.string().nullable(),
  provider_message: z.string().nullable(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
});
export const topupStatus = topup.extend({
  history: z.array(loose({ status: z.string().optional(), event: z.string().optional(), at: timestamp })),
});
export const bundles = z.object({
  bundles: z.array(
    z.object({
      id: z.string(),
      network: z.enum(NETWORKS),
      capacity_gb: z.number(),
      validity_days: z.number().int(),
      price,
    }),
  ),
  total: z.number().int(),
});
export const operators = z.object({
  detected_from: z.string().nullable(),
  country: z.string().nullable().optional(),
  operators: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      country: z.string(),
      currency: z.string(),
      min_amount: z.number().nullable(),
      max_amount: z.number().nullable(),
      fixed_amounts: z.array(z.number()),
      fx_rate_per_usd: z.number(),
    }),
  ),
});

/** The body of every webhook delivery (SPEC 6.2). */
export const webhookPayload = z.object({
  event: z.string(),
  transaction_id: z.string(),
  timestamp,
  data: z.looseObject({ transaction_id: z.string(), type: z.string().optional(), status: z.string().optional() }),
});
