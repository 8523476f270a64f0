import { router, publicProcedure } from "../init";
import { signUp } from "../../modules/accounts/sign-up";
import { signUpInput } from "../../modules/accounts/schemas";

export const authRouter = router({
  // Validation lives in signUp so the form gets the service's own messages.
  signUp: publicProcedure
    .input((raw) => raw as import("zod").input<typeof signUpInput>)
    .mutation(({ input }) => signUp(input)),
});
