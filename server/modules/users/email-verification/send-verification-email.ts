// The link that proves a person owns their address (docs/decisions.md, "Tokens, resets and invites"): sent
// at sign-up and again on "resend", at most 5 an hour per address.
import { db } from "../../../db/client";
import { rateLimited } from "../../../errors/rate-limited";
import { publicUrl } from "../../../config/public-url";
import { claimMailSlot } from "../../system-mail/mail-throttle";
import { sendSystemMail } from "../../system-mail/send-system-mail";
import { issueUserToken } from "../tokens/user-tokens";
import { linkWithToken } from "../tokens/one-time-token";

/** `mailed: false`: no relay on this deployment, the link went to the server log (never to the page: it proves the address). */
export async function sendVerificationEmail(
  userId: string,
  ip: string | null,
): Promise<{ sent: boolean; mailed: boolean }> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, emailVerifiedAt: true },
  });
  if (user.emailVerifiedAt) return { sent: false, mailed: false };
  const slot = await claimMailSlot("email_verification", { recipient: user.email, ip });
  if (!slot.ok) throw rateLimited("Too many verification emails; try again later", slot.limit, slot.retryAfterS);
  const token = await issueUserToken(userId, "email_verification");
  const outcome = await sendSystemMail({
    to: user.email,
    subject: "Verify your email for Kasa",
    link: linkWithToken({ base: publicUrl(), path: "/verify-email", token }),
    lines: [
      "Confirm that this is your address to start sending live messages with Kasa.",
      "The link works once, for 24 hours. If you did not sign up, ignore this mail.",
    ],
  });
  return { sent: true, mailed: outcome === "mailed" };
}
