import { z } from "zod";
import { passwordWeakness } from "./password";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address").max(254, "Enter a valid email address"));

export const passwordSchema = z.string().superRefine((password, ctx) => {
  const weakness = passwordWeakness(password);
  if (weakness) ctx.addIssue({ code: "custom", message: weakness });
});

export const credentialsInput = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
