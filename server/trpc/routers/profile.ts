import { z } from "zod";
import { router, userProcedure } from "../init";
import { listSessions } from "../../modules/users/sessions/list-sessions";
import { endAllSessions, endSession } from "../../modules/users/sessions/end-sessions";

// The signed-in person's own sessions: only theirs are ever listed or ended.
export const profileRouter = router({
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
