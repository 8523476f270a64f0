// The inputs of the webhook use cases, one schema each: /api/v1, the
// dashboard's tRPC and the OpenAPI document all take them from here.
import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { idQueryInput } from "../../lib/id-input";
import { HTTPS_URL_PATTERN } from "../../lib/string-formats";
import { ALL_EVENTS, WEBHOOK_EVENTS } from "./events";
import { typeError } from "../../errors/type-error";

const VALID_EVENTS = `valid events: ${WEBHOOK_EVENTS.join(", ")}, or "*" for all`;

/** SPEC 4.5: https only; never credentials in the URL. Unsafe addresses are refused by the use case (it needs DNS). */
export const webhookUrl = answersWith(
  z
    .string({ error: typeError("url must be a string") })
    // Said in the document (issue #23); the refinements below are what is checked, public address included.
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
