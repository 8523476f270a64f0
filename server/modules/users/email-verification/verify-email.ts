// Following the emailed link: the address is verified, and with it the live
// keys of every account this person owns (the API's gate reads it fresh).
import { db } from "../../../db/client";
import { consumeUserToken } from "../tokens/user-tokens";

export async function verifyEmail(token: string): Promise<{ email: string }> {
  return db().$transaction(async (tx) => {
    const userId = await consumeUserToken({ tx, token, purpose: "email_verification" });
    const user = await tx.user.update({
      where: { id: userId },
      data: { emailVerifiedAt: new Date() },
      select: { email: true },
    });
    return { email: user.email };
  });
}
