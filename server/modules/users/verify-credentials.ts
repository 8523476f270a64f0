import { db } from "../../db/client";
import { credentialsInput } from "./schemas";
import { hashPassword, passwordMatches } from "./password";

export type SignedInUser = { id: string; email: string; name: string | null; isStaff: boolean };

// Hashing something even for unknown emails keeps the answer time the same,
// so response timing does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyCredentials(raw: unknown): Promise<SignedInUser | null> {
  const parsed = credentialsInput.safeParse(raw);
  if (!parsed.success) return null;
  const user = await db().user.findUnique({ where: { email: parsed.data.email } });
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword("decoy-password-for-timing");
    await passwordMatches(await decoyHash, parsed.data.password);
    return null;
  }
  if (!(await passwordMatches(user.passwordHash, parsed.data.password))) return null;
  return { id: user.id, email: user.email, name: user.name, isStaff: user.isStaff };
}
