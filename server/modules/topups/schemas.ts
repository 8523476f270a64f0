import { z } from "zod";

// Loose shapes on purpose: each field is checked by the use case so SPEC's own codes answer
// (INVALID_PHONE, INVALID_NETWORK, INVALID_AMOUNT, INVALID_OPERATOR, INVALID_COUNTRY), not INVALID_REQUEST.
export const dataPurchaseInput = z.object({
  phone_number: z.unknown().optional(),
  network: z.unknown().optional(),
  capacity_gb: z.unknown().optional(),
  idempotency_key: z.string({ error: "idempotency_key must be a string" }).min(1).max(255).optional(),
});
export type DataPurchaseInput = z.infer<typeof dataPurchaseInput>;
export const DATA_PURCHASE_REQUIRED = ["phone_number", "network", "capacity_gb"] as const;

export const airtimePurchaseInput = z.object({
  phone_number: z.unknown().optional(),
  amount: z.unknown().optional(),
  operatorId: z.unknown().optional(),
  countryCode: z.unknown().optional(),
  idempotency_key: z.string({ error: "idempotency_key must be a string" }).min(1).max(255).optional(),
});
export type AirtimePurchaseInput = z.infer<typeof airtimePurchaseInput>;

export const bundlesInput = z.object({ network: z.string().optional() });
export const operatorsInput = z.object({ phone_number: z.string().optional(), countryCode: z.string().optional() });
export const topupStatusInput = z.object({ transaction_id: z.string().max(100) });
