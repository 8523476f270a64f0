// Links, challenges and invites that can no longer be used are deleted a week
// after they stop working, in bounded batches: the tables stay the size of
// what is live, however many people sign up over the years.
import { db } from "../../db/client";

export async function purgeSpentAuthRows(limit = 10_000): Promise<number> {
  const tokens = await db().$executeRaw`
    DELETE FROM user_tokens WHERE id IN (
      SELECT id FROM user_tokens WHERE expires_at < now() - interval '7 days' LIMIT ${limit})`;
  const challenges = await db().$executeRaw`
    DELETE FROM auth_challenges WHERE id IN (
      SELECT id FROM auth_challenges WHERE expires_at < now() - interval '1 day' LIMIT ${limit})`;
  return tokens + challenges;
}
