import { z } from "zod";
import { router, publicProcedure, userProcedure } from "../init";
import { signUp } from "../../modules/accounts/sign-up";
import { signUpInput } from "../../modules/accounts/schemas";
import { verifyEmail } from "../../modules/users/email-verification/verify-email";
import { requestPasswordReset } from "../../modules/users/passwords/request-password-reset";
import { resetPassword } from "../../modules/users/passwords/reset-password";
import { describeInvite } from "../../modules/team/open-invite";
import { acceptInvite } from "../../modules/team/accept-invite";
import { acceptInviteWithSignUp } from "../../modules/team/accept-invite-with-sign-up";
import { passkeySignInOptions } from "../../modules/users/two-factor/second-factor-sign-in";
import { startSignIn } from "../../modules/users/start-sign-in";

const token = z.string().min(1).max(100);

// What a person does before (or while) signing in: sign up, follow a mailed link, accept an invite.
export const authRouter = router({
  // Validation lives in signUp so the form gets the service's own messages.
  signUp: publicProcedure
    .input((raw) => raw as import("zod").input<typeof signUpInput>)
    .mutation(({ input, ctx }) => signUp(input, { ip: ctx.ip })),
  verifyEmail: publicProcedure.input(z.object({ token })).mutation(({ input }) => verifyEmail(input.token)),
  requestPasswordReset: publicProcedure
    .input(z.object({ email: z.string().max(300) }))
    .mutation(({ input, ctx }) => requestPasswordReset(input.email, ctx.ip ?? null)),
  resetPassword: publicProcedure
    .input(z.object({ token, password: z.string().max(300) }))
    .mutation(({ input }) => resetPassword(input)),
  startSignIn: publicProcedure
    .input(z.object({ email: z.string().max(300), password: z.string().max(300) }))
    .mutation(({ input, ctx }) => startSignIn(input, { userAgent: ctx.userAgent ?? null, ip: ctx.ip ?? null })),
  // The second step of a sign-in: passkey options for the challenge the right password opened.
  passkeySignInOptions: publicProcedure
    .input(z.object({ challenge: token }))
    .mutation(({ input }) => passkeySignInOptions(input.challenge)),
  invite: publicProcedure.input(z.object({ token })).query(({ input }) => describeInvite(input.token)),
  acceptInvite: userProcedure
    .input(z.object({ token }))
    .mutation(({ input, ctx }) => acceptInvite({ token: input.token, userId: ctx.user.id })),
  acceptInviteWithSignUp: publicProcedure
    .input(z.object({ token, password: z.string().max(300), name: z.string().max(200).optional() }))
    .mutation(({ input }) => acceptInviteWithSignUp(input)),
});
