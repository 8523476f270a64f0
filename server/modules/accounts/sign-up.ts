import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { hashPassword } from "../users/password";
import { createAccount } from "./create-account";
import { defaultAccountName } from "./default-account-name";
import { signUpInput, type SignUpInput } from "./schemas";
import { zodToAppError } from "../../errors/from-zod";
import { rateLimited } from "../../errors/rate-limited";
import { claimMailSlot } from "../system-mail/mail-throttle";
import { logger } from "../../lib/logger";
import { sendVerificationEmail } from "../users/email-verification/send-verification-email";

/**
 * A person signs up: their user, and their first account on the free plan
 * with a test key (shown in the welcome step). Live keys, made on the API
 * keys page, wait for the address to be verified through the link mailed here; at most 10 sign-ups an hour come
 * from one network address.
 */
export async function signUp(raw: SignUpInput, from: { ip?: string | null } = {}) {
  const parsed = signUpInput.safeParse(raw);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const { email, password } = parsed.data;
  const name = parsed.data.name ?? defaultAccountName(email);

  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw emailTaken();
  const slot = await claimMailSlot("sign_up", { recipient: email, ip: from.ip });
  if (!slot.ok) throw rateLimited("Too many sign-ups from this network; try again later", slot.limit, slot.retryAfterS);
  const passwordHash = await hashPassword(password);

  let made: { userId: string; accountId: string; testKey: string };
  try {
    made = await db().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { id: newId("usr"), email, passwordHash } });
      const created = await createAccount({ ownerUserId: user.id, name, plan: "free", actor: user.id }, tx);
      // The test key's secret goes back once, to the person signing up, for the welcome step; it is never stored.
      return { userId: user.id, accountId: created.account.id, testKey: created.keys.test.key };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw emailTaken();
    throw error;
  }
  // The account exists now: a throttled or failed mail must not turn it into a failed sign-up (the banner resends).
  await sendVerificationEmail(made.userId, from.ip ?? null).catch((error: Error) =>
    logger().warn({ err: error.message }, "verification mail not sent at sign-up"),
  );
  return made;
}

function emailTaken() {
  return new AppError("CONFLICT", {
    message: "An account with this email already exists",
    context: { reason: "email_taken" },
  });
}
