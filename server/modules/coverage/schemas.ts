import { z } from "zod";

export const ROUTES = ["africa_local", "africa_regional", "global"] as const;

export const listCountriesInput = z.object({
  route: z.enum(ROUTES, { error: `route must be one of ${ROUTES.join(", ")}` }).optional(),
  q: z.string().trim().max(100).optional(),
});
