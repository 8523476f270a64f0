// What the delivery counters (migration 20261127100000) are kept by, and what each channel calls its columns: the
// table's columns are shared by the four channels, and a dimension a channel lacks is ''.

export const DELIVERY_COUNT_KEYS = [
  "account_id",
  "channel",
  "mode",
  "hour",
  "country",
  "network",
  "route",
  "carrier",
  "sender",
  "broadcast_id",
  "outcome",
  "reason",
  "bucket",
] as const;

export const ANALYTICS_CHANNELS = ["sms", "email", "verify", "webhook"] as const;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];

type Column = "country" | "network" | "route" | "carrier" | "sender" | "broadcast_id" | "reason";

/** The dimensions a channel can be grouped and filtered by, each with the column that holds it. */
export const CHANNEL_DIMENSIONS: Record<AnalyticsChannel, Partial<Record<string, Column>>> = {
  sms: {
    country: "country",
    network: "network",
    route: "route",
    carrier: "carrier",
    sender: "sender",
    broadcast: "broadcast_id",
    reason: "reason",
  },
  email: { domain: "network", sender: "sender", broadcast: "broadcast_id", reason: "reason" },
  verify: { country: "country", route: "route", reason: "reason" },
  webhook: { endpoint: "carrier", event: "sender", reason: "reason" },
};

export const TIME_GROUPS = ["day", "hour"] as const;

/** Every group_by any channel has, for the API's enum; a channel answers 400 for one it lacks. */
export const ALL_GROUPS = [
  ...TIME_GROUPS,
  ...new Set(Object.values(CHANNEL_DIMENSIONS).flatMap((dims) => Object.keys(dims))),
] as string[];

/**
 * Upper bounds in seconds of the time-to-delivered buckets (the same list as kasa_latency_bucket's): bucket i holds
 * [BOUNDS[i-1], BOUNDS[i]); the last bucket (index BOUNDS.length) holds a day and more.
 */
export const LATENCY_BOUNDS_S = [1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400] as const;

/** Outcomes that mean "not left yet": outside the rates' denominator. */
export const NOT_LEFT = ["pending", "scheduled", "cancelled"] as const;

/** The outcome a channel counts as delivered (what its delivery time measures). */
export const DELIVERED_OUTCOME: Record<AnalyticsChannel, string> = {
  sms: "delivered",
  email: "delivered",
  verify: "approved",
  webhook: "succeeded",
};

// The dashboard's Insights page (insights-page.ts): its periods, tables and URL filters.
export const INSIGHT_PERIODS = [1, 7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** The tables a channel's page breaks its figures down by, in the order they are shown. */
export const BREAKDOWNS: Record<AnalyticsChannel, string[]> = {
  sms: ["country", "network", "sender"],
  email: ["domain", "sender"],
  verify: ["country", "route"],
  webhook: ["endpoint", "event"],
};

/** Filters the page takes from its URL, by channel (a subset of the API's). */
export const PAGE_FILTERS: Record<AnalyticsChannel, string[]> = {
  sms: ["country", "network", "sender"],
  email: ["domain"],
  verify: ["country"],
  webhook: ["endpoint"],
};
