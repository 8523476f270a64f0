// "Forgot your password?" (docs/decisions.md, "Tokens, resets and invites"): a link by mail, single use,
// valid for an hour. The answer is the same whether or not the address has an
// account, and takes the same time: the slot is counted for any address, and
// the mail goes out after the answer, never before it.
import { db } from "../../../db/client";
import { rateLimited } from "../../../errors/rate-limited";
import { zodToAppError } from "../../../errors/from-zod";
import { publicUrl } from "../../../config/public-url";
import { logger } from "../../../lib/logger";
import { emailSchema } from "../schemas";
import { claimMailSlot } from "../../system-mail/mail-throttle";
import { sendSystemMail } from "../../system-mail/send-system-mail";
import { issueUserToken } from "../tokens/user-tokens";
import { linkWithToken } from "../tokens/one-time-token";

export async function requestPasswordReset(rawEmail: unknown, ip: string | null): Promise<{ requested: true }> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const email = parsed.data;
  const slot = await claimMailSlot("password_reset", { recipient: email, ip });
  if (!slot.ok) throw rateLimited("Too many reset requests; try again later", slot.limit, slot.retryAfterS);
  void mailResetLink(email).catch((error: Error) =>
    logger().warn({ err: error.message }, "password reset mail failed"),
  );
  return { requested: true };
}

async function mailResetLink(email: string): Promise<void> {
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  const token = await issueUserToken(user.id, "password_reset");
  await sendSystemMail({
    to: email,
    subject: "Reset your Kasa password",
    link: linkWithToken({ base: publicUrl(), path: "/reset-password", token }),
    lines: [
      "Someone (we hope you) asked to reset the password of your Kasa sign-in.",
      "The link works once, for one hour. Choosing a new password signs you out everywhere.",
      "If this was not you, ignore this mail: your password stays as it is.",
    ],
  });
}
