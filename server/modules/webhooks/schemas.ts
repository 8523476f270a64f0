// The inputs of the webhook use cases, one schema each: /api/v1, the
// dashboard's tRPC and the OpenAPI document all take them from here; then
// what the endpoints answer and what a delivery carries.
import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { idQueryInput } from "../../lib/id-input";
import { HTTPS_URL_PATTERN } from "../../lib/string-formats";
import { ALL_EVENTS, WEBHOOK_EVENTS } from "./events";
import { typeError } from "../../errors/type-error";
import { timestamp } from "../../lib/response-parts";

const VALID_EVENTS = `valid events: ${WEBHOOK_EVENTS.join(", ")}, or "*" for all`;

/** SPEC 4.5: https only; never credentials in the URL. Unsafe addresses are refused by the use case (it needs DNS). */
export const webhookUrl = answersWith(
  z
    .string({ error: typeError("url must be a string") })
    // Said in the document (docs/decisions.md, "Registration and safe destinations"); the refinements below are what is checked, public address included.
    .meta({ format: "uri", pattern: HTTPS_URL_PATTERN })
    .trim()
    .max(2048)
    .refine((raw) => URL.canParse(raw), { error: (issue) => `"${String(issue.input)}" is not a URL` })
    .refine((raw) => !URL.canParse(raw) || new URL(raw).protocol === "https:", "Webhook URLs must use https://")
    .refine((raw) => {
      const url = URL.canParse(raw) ? new URL(raw) : null;
      return !url || (!url.username && !url.password);
    }, "Webhook URLs must not carry credentials")
    .describe("An https:// URL on a public address"),
  { code: "INVALID_URL", missing: "url is required and must use https://" },
);

export const webhookEvents = answersWith(
  z
    .array(
      z.enum([ALL_EVENTS, ...WEBHOOK_EVENTS] as [string, ...string[]], {
        error: (issue) => `Unsupported event ${JSON.stringify(issue.input)}; ${VALID_EVENTS}`,
      }),
      { error: `events must be a list of event names; ${VALID_EVENTS}` },
    )
    .min(1, `events must be a non-empty list; ${VALID_EVENTS}`)
    .describe('Event names, or ["*"] for all'),
  {
    code: "INVALID_EVENTS",
    missing: `events must be a non-empty list; ${VALID_EVENTS}`,
    context: { valid_events: WEBHOOK_EVENTS },
  },
);

export const registerWebhookInput = z.object({
  url: webhookUrl,
  events: webhookEvents,
  secret: z
    .string({ error: typeError("secret must be a string of 16 to 256 characters") })
    .min(16, "secret must be a string of 16 to 256 characters")
    .max(256, "secret must be a string of 16 to 256 characters")
    .optional()
    .describe("Your own signing secret; one is generated (whsec_...) when omitted"),
  mode: z
    .enum(["both", "live", "test"], { error: 'mode must be "live", "test" or "both"' })
    .optional()
    .describe(
      "Which events this endpoint receives: those of live keys, of test keys, or both (the default; kept when omitted on an update). Every payload says which in data.livemode.",
    ),
});
export type RegisterWebhookInput = z.infer<typeof registerWebhookInput>;

export const webhookIdInput = idQueryInput("webhook");

export const replayFailedSinceInput = z.object({
  since: z.iso
    .datetime({ offset: true, error: "since must be an ISO 8601 time, e.g. 2026-11-22T08:00:00Z" })
    .describe("Failed deliveries created at or after this time go out again"),
});

// What the /api/v1/webhooks endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
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

/** The body of every webhook delivery (SPEC 6.2). */
export const webhookPayload = z.object({
  event: z.string(),
  transaction_id: z.string(),
  timestamp,
  data: z.looseObject({ transaction_id: z.string(), type: z.string().optional(), status: z.string().optional() }),
});
