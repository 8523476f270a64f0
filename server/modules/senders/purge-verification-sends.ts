import { db } from "../../db/client";

/** The caps look back a day at most: older records of sent codes are deleted (in bounded batches). */
export async function purgeVerificationSends(limit = 10_000): Promise<number> {
  return db().$executeRaw`
    DELETE FROM verification_code_sends WHERE id IN (
      SELECT id FROM verification_code_sends WHERE sent_at < now() - interval '2 days' ORDER BY sent_at LIMIT ${limit})`;
}
