import { z } from "zod";
import { loose } from "../../lib/response-parts";
import { SERVICES } from "../limits/services";

// What GET /api/v1/balance answers inside `data`: the OpenAPI document is generated from it.
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
