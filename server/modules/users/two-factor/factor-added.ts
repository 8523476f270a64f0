// A second factor was just added: if it was not the person (a stolen session),
// they hear about it by mail, and every other session is ended, so a session
// opened with the password alone cannot ride on the new factor.
import { db } from "../../../db/client";
import { endAllSessions } from "../sessions/end-sessions";
import { sendSystemMail } from "../../system-mail/send-system-mail";
import { contactSupport } from "../../../config/support-contact";

export async function factorAdded({
  userId,
  keepSessionId,
  what,
}: {
  userId: string;
  keepSessionId: string | undefined;
  what: string;
}): Promise<void> {
  await endAllSessions({ userId, reason: "second_factor_added", keep: keepSessionId });
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  await sendSystemMail({
    to: user.email,
    subject: "A second factor was added to your Kasa sign-in",
    lines: [
      `${what} was added as a second factor for ${user.email}, and your other sessions were signed out.`,
      `If this was not you, reset your password now and ${contactSupport()}.`,
    ],
  });
}
