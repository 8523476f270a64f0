import { z } from "zod";

/** The status endpoints' query (SMS, email, data, airtime): SPEC names a missing transaction_id MISSING_FIELD. */
export const transactionIdInput = z.object({
  transaction_id: z.string().min(1).max(100).describe("The transaction_id the send or purchase answered"),
});
