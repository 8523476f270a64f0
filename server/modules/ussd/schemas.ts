// The USSD endpoints' inputs and answers (issue #41): service codes and their settings, the simulator's hops, and
// sessions with their hops. /api/v1, the dashboard and the OpenAPI document all take them from here.
import { z } from "zod";
import { pageLimitInput } from "../../lib/page-limit";
import { answersWith } from "../../errors/field-codes";
import { typeError } from "../../errors/type-error";
import { E164_DOCUMENTED } from "../../lib/string-formats";
import { idQueryInput } from "../../lib/id-input";
import { price, timestamp } from "../../lib/response-parts";
import { webhookUrl } from "../webhooks/schemas";
import { paginateScreen } from "./paginate-screen";

export const ENDED_REASONS = [
  "app_end",
  "user_abort",
  "network_abort",
  "timeout",
  "app_error",
  "insufficient_balance",
  "rate_limited",
] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

/** A USSD code as dialled: *, digits (and * between them), then # (*713#, *920*55#). */
export const USSD_CODE = /^\*[0-9]+(\*[0-9]+)*#$/;

export const DEFAULT_TIMEOUT_MS = 4000;
export const MAX_TIMEOUT_MS = 8000;
export const MAX_FAILURE_TEXT = 182;

const serviceCode = (field: string) =>
  answersWith(
    z
      .string({ error: typeError(`${field} must be a string`) })
      .trim()
      .regex(USSD_CODE, `${field} must be a USSD code: *, digits (and * between them), then #`)
      .describe("A USSD code as dialled, e.g. *920*55#"),
    { code: "INVALID_REQUEST", missing: `${field} is required, e.g. "*384*100#"` },
  );

export const ussdCodeId = idQueryInput("USSD code");
export const ussdSessionId = idQueryInput("USSD session");

export const updateUssdCodeInput = ussdCodeId.extend({
  callback_url: webhookUrl
    .nullable()
    .optional()
    .describe(
      "The https address of your app (a public address, as webhooks'): Kasa POSTs each hop there; null removes it",
    ),
  timeout_ms: z
    .number({ error: typeError("timeout_ms must be a whole number of milliseconds") })
    .int("timeout_ms must be a whole number of milliseconds")
    .min(1000, "timeout_ms is at least 1000")
    .max(MAX_TIMEOUT_MS, `timeout_ms is at most ${MAX_TIMEOUT_MS}`)
    .optional()
    .describe(
      `How long your app has to answer a hop, ${DEFAULT_TIMEOUT_MS} by default, at most ${MAX_TIMEOUT_MS}: networks drop a screen not shown within about 10 s`,
    ),
  failure_text: z
    .string({ error: typeError("failure_text must be a string") })
    .trim()
    .min(1, "failure_text must not be empty")
    .max(MAX_FAILURE_TEXT, `failure_text is at most ${MAX_FAILURE_TEXT} characters: one screen`)
    // One screen as the phone counts it: 182 GSM-7 characters, or 80 when any needs Unicode.
    .refine(
      (text) => paginateScreen(text).length === 1,
      "failure_text must fit one screen (80 characters with Unicode)",
    )
    .optional()
    .describe("What the subscriber reads when your app fails (late, not 2xx, neither CON nor END)"),
});
export type UpdateUssdCodeInput = z.infer<typeof updateUssdCodeInput>;

export const simulateUssdInput = z.object({
  service_code: serviceCode("service_code"),
  phone_number: answersWith(
    z
      .string({ error: typeError("phone_number must be a string") })
      .max(32)
      .meta(E164_DOCUMENTED)
      .describe("The subscriber's number in E.164, e.g. +233241234567"),
    { code: "INVALID_PHONE_NUMBER", missing: "phone_number is required, in E.164 (+233241234567)" },
  ),
  session_id: z
    .string({ error: typeError("session_id must be a string") })
    .max(64)
    .optional()
    .describe("The session_id of the previous answer; absent to dial the code (the session's first hop)"),
  input: z
    .string({ error: typeError("input must be a string") })
    .max(182, "input is at most 182 characters")
    .optional()
    .describe("What the subscriber typed on the screen shown (ignored on the first hop)"),
});
export type SimulateUssdInput = z.infer<typeof simulateUssdInput>;

export const listUssdSessionsInput = z.object({
  service_code: z.string().max(64).optional().describe("Only this code's sessions"),
  phone_number: z.string().max(32).optional().describe("Only this subscriber's sessions (E.164)"),
  ended_reason: z.enum(ENDED_REASONS, { error: `ended_reason must be one of ${ENDED_REASONS.join(", ")}` }).optional(),
  from: z.iso.datetime({ offset: true, error: "from must be an ISO 8601 time" }).optional(),
  to: z.iso.datetime({ offset: true, error: "to must be an ISO 8601 time" }).optional(),
  limit: pageLimitInput,
  before: z.string().max(64).optional().describe("A session id: the page of sessions that started before it"),
});
export type ListUssdSessionsInput = z.infer<typeof listUssdSessionsInput>;

export const ussdCode = z.object({
  id: z.string(),
  service_code: z.string().describe("As dialled, e.g. *920*55#"),
  mode: z.enum(["live", "test"]).describe("test: reached through the simulator with test keys, and free"),
  kind: z
    .enum(["dedicated", "extension", "sandbox"])
    .describe("dedicated (*713#) or an extension of a shared code (*920*55#), assigned by Kasa; sandbox: yours to add"),
  callback_url: z.string().nullable(),
  timeout_ms: z.number().int(),
  failure_text: z.string(),
  signing_secret: z
    .string()
    .describe("The secret your app checks each callback's signature with (webhook-signature, X-Service-Signature)"),
  created_at: timestamp,
});

export const ussdHop = z.object({
  seq: z.number().int(),
  input: z.string().nullable().describe("What the subscriber sent; null on the dial"),
  text: z
    .string()
    .nullable()
    .describe("The text your app was sent (all inputs joined by *); null for a page Kasa served itself"),
  screen: z.string().nullable().describe("What the subscriber read"),
  continues: z.boolean().nullable(),
  app_status: z.number().int().nullable().describe("Your app's HTTP status"),
  app_ms: z.number().int().nullable().describe("Your app's time to answer"),
  kasa_ms: z.number().int().nullable().describe("Kasa's own time on the hop, besides your app's"),
  error: z.string().nullable().describe("Why the hop ended the session with the failure text"),
  at: timestamp,
});

export const ussdSession = z.object({
  id: z.string().describe("uss_…: the sessionId your app was sent"),
  service_code: z.string(),
  code_id: z.string().nullable(),
  mode: z.enum(["live", "test"]),
  phone_number: z.string(),
  country: z.string().nullable(),
  network: z.string().nullable(),
  network_code: z.string().nullable().describe("MCC and MNC, e.g. 62001"),
  status: z.enum(["open", "ended"]),
  ended_reason: z.enum(ENDED_REASONS).nullable(),
  hops: z.number().int(),
  price: price.describe("Charged once when a live session ends; 0 for test sessions"),
  created_at: timestamp,
  ended_at: timestamp.nullable(),
});

export const ussdSessionWithHops = ussdSession.extend({ hop_list: z.array(ussdHop) });

export const simulatedHop = z.object({
  session_id: z.string().describe("Send it back with the next input"),
  screen: z.string().describe("What the phone shows"),
  continues: z.boolean().describe("true: the screen waits for an input; false: the session ended"),
  ended_reason: z.enum(ENDED_REASONS).nullable(),
  hop: ussdHop.describe("This hop as recorded: what your app was sent and answered, and the times"),
});

export const ussdSessionPage = z.object({
  sessions: z.array(ussdSession),
  has_more: z.boolean().describe("More sessions before the last: ask again with before = its id"),
});
