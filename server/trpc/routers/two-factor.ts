import { z } from "zod";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { router, userProcedure } from "../init";
import { twoFactorStatus } from "../../modules/users/two-factor/two-factor-status";
import { confirmTotpEnrolment, startTotpEnrolment } from "../../modules/users/two-factor/totp-enrolment";
import { removeSecondFactor } from "../../modules/users/two-factor/remove-factor";
import { regenerateRecoveryCodes } from "../../modules/users/two-factor/regenerate-recovery-codes";
import { passkeyEnrolmentOptions, registerPasskey } from "../../modules/users/two-factor/passkeys/passkey-enrolment";

const password = z.string().max(300);

// The signed-in person's own second factors. These stay open to staff who have none yet: enrolling is the one thing
// such a session may do (init.ts).
export const twoFactorRouter = router({
  status: userProcedure.query(({ ctx }) => twoFactorStatus(ctx.user.id)),
  startTotp: userProcedure
    .input(z.object({ password }))
    .mutation(({ ctx, input }) =>
      startTotpEnrolment({ userId: ctx.user.id, password: input.password, ip: ctx.ip ?? null }),
    ),
  confirmTotp: userProcedure
    .input(z.object({ code: z.string().max(20) }))
    .mutation(({ ctx, input }) =>
      confirmTotpEnrolment({ userId: ctx.user.id, code: input.code, sessionId: ctx.user.sessionId }),
    ),
  removeTotp: userProcedure.input(z.object({ password })).mutation(({ ctx, input }) =>
    removeSecondFactor({
      userId: ctx.user.id,
      password: input.password,
      ip: ctx.ip ?? null,
      factor: { kind: "totp" },
    }),
  ),
  passkeyOptions: userProcedure
    .input(z.object({ password }))
    .mutation(({ ctx, input }) =>
      passkeyEnrolmentOptions({ userId: ctx.user.id, password: input.password, ip: ctx.ip ?? null }),
    ),
  registerPasskey: userProcedure
    .input(z.object({ name: z.string().max(100), response: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) =>
      registerPasskey({
        userId: ctx.user.id,
        name: input.name,
        response: input.response as unknown as RegistrationResponseJSON,
        sessionId: ctx.user.sessionId,
      }),
    ),
  removePasskey: userProcedure.input(z.object({ id: z.string().max(1000), password })).mutation(({ ctx, input }) =>
    removeSecondFactor({
      userId: ctx.user.id,
      password: input.password,
      ip: ctx.ip ?? null,
      factor: { kind: "passkey", id: input.id },
    }),
  ),
  regenerateRecoveryCodes: userProcedure
    .input(z.object({ password }))
    .mutation(({ ctx, input }) =>
      regenerateRecoveryCodes({ userId: ctx.user.id, password: input.password, ip: ctx.ip ?? null }),
    ),
});
