import { z } from "zod";
import { router, userProcedure } from "../init";
import { listSessions } from "../../modules/users/sessions/list-sessions";
import { endAllSessions, endSession } from "../../modules/users/sessions/end-sessions";
import { changePassword } from "../../modules/users/passwords/change-password";
import { sendVerificationEmail } from "../../modules/users/email-verification/send-verification-email";

// The signed-in person's own settings: only their sessions are ever listed or ended.
export const profileRouter = router({
  me: userProcedure.query(({ ctx }) => ({
    email: ctx.user.email,
    emailVerified: ctx.user.emailVerified,
    hasSecondFactor: ctx.user.hasSecondFactor,
    isStaff: ctx.user.isStaff,
  })),
  resendVerification: userProcedure.mutation(({ ctx }) => sendVerificationEmail(ctx.user.id, ctx.ip ?? null)),
  changePassword: userProcedure
    .input(z.object({ currentPassword: z.string().max(300), newPassword: z.string().max(300) }))
    .mutation(({ ctx, input }) =>
      changePassword({ userId: ctx.user.id, ...input, keepSessionId: ctx.user.sessionId, ip: ctx.ip ?? null }),
    ),
  sessions: userProcedure.query(({ ctx }) =>
    listSessions({ userId: ctx.user.id, currentSessionId: ctx.user.sessionId ?? null }),
  ),
  endSession: userProcedure
    .input(z.object({ sessionId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => endSession({ userId: ctx.user.id, sessionId: input.sessionId })),
  endOtherSessions: userProcedure.mutation(({ ctx }) =>
    endAllSessions({ userId: ctx.user.id, reason: "signed_out_everywhere", keep: ctx.user.sessionId }),
  ),
});
