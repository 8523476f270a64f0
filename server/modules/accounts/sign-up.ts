import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { hashPassword } from "../users/password";
import { createAccount } from "./create-account";
import { signUpInput, type SignUpInput } from "./schemas";
import { zodToAppError } from "../../errors/from-zod";

/** A person signs up: their user, and their first account on the free plan with a test and a live key. */
export async function signUp(raw: SignUpInput) {
  const parsed = signUpInput.safeParse(raw);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const { email, password } = parsed.data;
  const name = parsed.data.name ?? `${email.split("@")[0]}'s account`;

  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(password);

  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { id: newId("usr"), email, passwordHash } });
      const created = await createAccount({ ownerUserId: user.id, name, plan: "free", actor: user.id }, tx);
      return { userId: user.id, accountId: created.account.id };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return new AppError("CONFLICT", {
    message: "An account with this email already exists",
    context: { reason: "email_taken" },
  });
}
