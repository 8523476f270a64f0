import { z } from "zod";
import { emailSchema, passwordSchema } from "../users/schemas";

export const accountNameSchema = z.string().trim().min(1, "Name your account").max(80, "Use at most 80 characters");

export const signUpInput = z.object({
  name: accountNameSchema.optional(),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.input<typeof signUpInput>;

export const accountIdInput = z.object({ accountId: z.string().min(1) });
