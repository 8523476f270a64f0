// A sign-in attempt as the sign-in form makes it: refused outright while the
// email or address is throttled; a wrong password (or an unknown email) is
// counted against both.
import { credentialsInput } from "./schemas";
import { verifyCredentials, type SignedInUser } from "./verify-credentials";
import { assertSignInAllowed, recordSignInFailure } from "./sign-in-throttle";

export async function signInWithPassword(raw: unknown, address: string | null): Promise<SignedInUser | null> {
  const parsed = credentialsInput.safeParse(raw);
  if (!parsed.success) return null;
  await assertSignInAllowed({ email: parsed.data.email, address });
  const user = await verifyCredentials(parsed.data);
  if (!user) await recordSignInFailure(parsed.data.email, address);
  return user;
}
