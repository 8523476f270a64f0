import { z } from "zod";
import { price } from "../../lib/response-parts";
import { networkWithRanges } from "../networks/schemas";

export const ROUTES = ["africa_local", "africa_regional", "global"] as const;

export const listCountriesInput = z.object({
  route: z.enum(ROUTES, { error: `route must be one of ${ROUTES.join(", ")}` }).optional(),
  q: z.string().trim().max(100).optional(),
});

// What GET /api/v1/sms/countries answers inside `data`, beside what it takes: the OpenAPI document is generated from both.
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
      networks: z
        .array(networkWithRanges)
        .describe("The country's mobile networks, where Kasa has them on record (empty elsewhere)"),
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
