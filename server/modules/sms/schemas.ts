import { z } from "zod";
import { idempotencyKeyInput } from "../idempotency/idempotency-key-input";
import { REGIONS } from "./resolve-route";

export const MAX_SMS_CHARACTERS = 1600;
export const SMS_CATEGORIES = ["transactional", "promotional"] as const;

export const sendSmsInput = z.object({
  to: z.string({ error: "to must be a string" }).min(1).describe("E.164, e.g. +233241234567"),
  message: z.string({ error: "message must be a string" }).min(1),
  from: z.string({ error: "from must be a string" }).max(32).optional(),
  reference: z.string({ error: "reference must be a string" }).max(255).optional(),
  region: z.enum(REGIONS, { error: `region must be one of ${REGIONS.join(", ")}` }).optional(),
  continent: z.string({ error: "continent must be a string" }).optional(),
  // Country content rules apply to promotional traffic (e.g. none on Sundays in Ghana).
  category: z.enum(SMS_CATEGORIES, { error: `category must be one of ${SMS_CATEGORIES.join(", ")}` }).optional(),
  idempotency_key: idempotencyKeyInput.optional(),
});
export type SendSmsInput = z.infer<typeof sendSmsInput>;

export const listInboundSmsInput = z.object({
  before: z.iso.datetime({ offset: true, error: "before must be an ISO 8601 time (next_before)" }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(100).optional(),
});
