// Test data made through the real use cases, each with unique emails so
// test files never collide on the shared database.
import { randomToken } from "../server/lib/ids";
import { signUp } from "../server/modules/accounts/sign-up";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomToken(8).toLowerCase()}@example.com`;
}

export const TEST_PASSWORD = "correct-horse-42";

export async function signedUpCustomer(label?: string) {
  const email = uniqueEmail(label);
  const { userId, accountId } = await signUp({ email, password: TEST_PASSWORD });
  return { email, userId, accountId };
}
