import { z } from "zod";
import { REGIONS } from "./resolve-route";

export const MAX_SMS_CHARACTERS = 1600;
export const SMS_CATEGORIES = ["transactional", "promotional"] as const;

export const sendSmsInput = z.object({
  to: z.string({ error: "to must be a string" }),
  message: z.string({ error: "message must be a string" }),
  from: z.string({ error: "from must be a string" }).max(32).optional(),
  reference: z.string({ error: "reference must be a string" }).max(255).optional(),
  region: z.enum(REGIONS, { error: `region must be one of ${REGIONS.join(", ")}` }).optional(),
  continent: z.string({ error: "continent must be a string" }).optional(),
  // Country content rules apply to promotional traffic (e.g. none on Sundays in Ghana).
  category: z.enum(SMS_CATEGORIES, { error: `category must be one of ${SMS_CATEGORIES.join(", ")}` }).optional(),
  idempotency_key: z.string({ error: "idempotency_key must be a string" }).min(1).max(255).optional(),
});
export type SendSmsInput = z.infer<typeof sendSmsInput>;
export const SEND_SMS_REQUIRED = ["to", "message"] as const;

export const smsStatusInput = z.object({ transaction_id: z.string().max(100) });
