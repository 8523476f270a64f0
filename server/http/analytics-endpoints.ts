// GET /api/v1/analytics/{channel} (issue #43, point 3): delivery figures of a period, grouped, from the counters the
// triggers keep (docs/decisions.md, "Insights"); what the dashboard's Insights page reads too.
import { defineEndpoint } from "./endpoint";
import { analyticsAnswer, analyticsInput } from "../modules/insights/schemas";
import { readAnalytics } from "../modules/insights/read-analytics";
import { CHANNEL_DIMENSIONS, TIME_GROUPS } from "../modules/insights/delivery-dimensions";

export const analyticsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/analytics/{channel}",
  summary: "Delivery figures of a period: counts, rates and delivery times, by day, hour, country, network, reason...",
  auth: "key",
  scope: "analytics:read",
  input: { from: "query", schema: analyticsInput },
  docs: {
    response: analyticsAnswer,
    rules: [
      `What each channel can be grouped and filtered by: ${Object.entries(CHANNEL_DIMENSIONS)
        .map(([channel, dims]) => `${channel}: ${[...TIME_GROUPS, ...Object.keys(dims)].join(", ")}`)
        .join("; ")}. Another answers 400 INVALID_REQUEST with context.conflicts_with "channel".`,
      "Messages are counted in the hour they were accepted (UTC), and each by what became of it since: a day's delivered rate is that day's messages' rate. Figures include every change up to the request.",
      "A period grouped by hour is at most 31 days, otherwise 400 days; from must be before to (400 INVALID_REQUEST, context.conflicts_with).",
      "Delivery times are read from fixed buckets (1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400 s), linear inside a bucket: exact to its width.",
    ],
  },
  execute: async ({ input, caller }) => {
    const { channel, from, to, group_by, ...filters } = input as typeof input & Record<string, string | undefined>;
    return {
      data: await readAnalytics({
        accountId: caller.accountId,
        mode: caller.mode,
        channel,
        from,
        to,
        groupBy: group_by,
        filters,
      }),
    };
  },
});
