// GET /api/v1/analytics/{channel}: what it takes and what it answers (issue #43, point 3).
import { z } from "zod";
import { ALL_GROUPS, ANALYTICS_CHANNELS, CHANNEL_DIMENSIONS } from "./delivery-dimensions";

const FILTERS = [...new Set(Object.values(CHANNEL_DIMENSIONS).flatMap((dims) => Object.keys(dims)))];
const FILTER_HELP: Record<string, string> = {
  country: "ISO 3166 alpha-2 of the destination (sms, verify)",
  network: "The number's network, as GET /api/v1/sms/countries names it, e.g. mtn-gh (sms)",
  route: "africa_local, africa_regional or global (sms); sms or email (verify)",
  carrier: "The carrier that took the message (sms)",
  sender: "The sender ID or number (sms), the From address (email)",
  broadcast: "A broadcast's id (sms, email)",
  reason: "A failure reason, as error.code and the reason catalogue name it",
  domain: "The recipient's domain (email)",
  endpoint: "A webhook endpoint's id (webhook)",
  event: "An event type, e.g. sms.delivered (webhook)",
};

const when = (field: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: `${field} must be an ISO 8601 date (2026-11-01) or time (2026-11-01T08:00:00Z)`,
    })
    .optional();

export const analyticsInput = z.object({
  channel: z.enum(ANALYTICS_CHANNELS, { error: `channel must be one of ${ANALYTICS_CHANNELS.join(", ")}` }),
  from: when("from").describe(
    "Start (inclusive), rounded down to the hour; a date is its 00:00 UTC. Default: 7 days before to",
  ),
  to: when("to").describe(
    "End (exclusive), rounded up to the hour; a date means up to its end. Default: the end of today (UTC), or of this hour with group_by hour",
  ),
  group_by: z
    .enum(ALL_GROUPS as [string, ...string[]], { error: `group_by must be one of ${ALL_GROUPS.join(", ")}` })
    .optional()
    .describe("day (default) or hour (UTC), or one of the channel's dimensions (see the rules)"),
  ...Object.fromEntries(
    FILTERS.map((name) => [
      name,
      z.string().trim().min(1).max(200).optional().describe(`Only this ${FILTER_HELP[name]}`),
    ]),
  ),
});
export type AnalyticsInput = z.infer<typeof analyticsInput> & Record<string, string | undefined>;

const figureGroup = z.object({
  key: z
    .string()
    .describe("The group: a day (2026-11-26), an hour (2026-11-26T08:00:00Z) or the dimension's value ('' when none)"),
  total: z.number().int().describe("Messages (deliveries, verifications) in the group, whatever became of them"),
  left: z
    .number()
    .int()
    .describe("Those that left Kasa (all but pending, scheduled, cancelled): the rates' denominator"),
  outcomes: z
    .record(z.string(), z.number().int())
    .describe(
      "Count per outcome: the status (sent, delivered, failed, unknown, bounced, approved, succeeded...) and beside it opened, clicked, complained",
    ),
  rates: z.record(z.string(), z.number().nullable()).describe("Each outcome's share of left, 0-1; null when none left"),
  delivery_time: z
    .object({
      p50_s: z.number().describe("Median time to delivered, seconds"),
      p90_s: z.number().describe("90th percentile, seconds"),
      buckets: z
        .array(z.object({ up_to_s: z.number().nullable(), count: z.number().int() }))
        .describe("The histogram it is read from: counts below each bound (the last, null: a day or more)"),
    })
    .nullable()
    .describe("Time from send to delivered (sms, email), to approved (verify), to a 2xx (webhook); null with none"),
});

export const analyticsAnswer = z.object({
  channel: z.enum(ANALYTICS_CHANNELS),
  mode: z.enum(["live", "test"]).describe("The key's mode: a test key reads test traffic"),
  from: z.string().describe("ISO 8601, UTC, the hour the figures start"),
  to: z.string().describe("ISO 8601, UTC, the hour they end (exclusive)"),
  group_by: z.string(),
  summary: figureGroup.describe("The whole period, every group together (key '')"),
  groups: z.array(figureGroup).describe("One per group, in key order (day and hour: every one, empty ones too)"),
});
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>;
