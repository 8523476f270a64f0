import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { hashPassword, passwordWeakness } from "./password";
import { emailSchema } from "./schemas";

/** Makes a support user, or promotes an existing user to staff and resets their password. */
export async function createStaffUser(input: { email: string; password: string; name?: string }) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError("INVALID_REQUEST", { message: `Invalid email: ${input.email}` });
  const weakness = passwordWeakness(input.password);
  if (weakness) throw new AppError("INVALID_REQUEST", { message: `Weak password: ${weakness}` });
  const passwordHash = await hashPassword(input.password);
  const user = await db().user.upsert({
    where: { email: email.data },
    create: {
      id: newId("usr"),
      email: email.data,
      name: input.name ?? null,
      passwordHash,
      isStaff: true,
      emailVerifiedAt: new Date(),
    },
    update: { passwordHash, isStaff: true },
  });
  return { id: user.id, email: user.email, isStaff: user.isStaff };
}
