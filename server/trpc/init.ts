import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";
import type { Context } from "./context";
import { isAppError } from "../errors/app-error";
import type { ErrorCode } from "../errors/catalogue";
import { requireMembership, type Role } from "../modules/accounts/require-membership";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter: ({ shape, error }) => {
    const cause = error.cause;
    const app = isAppError(cause) ? { code: cause.code, context: cause.context } : null;
    return { ...shape, data: { ...shape.data, stack: undefined, app } };
  },
});

const TRPC_CODE: Partial<Record<ErrorCode, TRPCError["code"]>> = {
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHORIZED: "UNAUTHORIZED",
  CONFLICT: "CONFLICT",
  ACCOUNT_SUSPENDED: "FORBIDDEN",
  RATE_LIMIT_EXCEEDED: "TOO_MANY_REQUESTS",
};

/** Services throw AppError; the dashboard sees the same code and message. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isAppError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({
      code: TRPC_CODE[cause.code] ?? (cause.status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST"),
      message: cause.message,
      cause,
    });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);

/**
 * Every dashboard procedure: a signed-in person, re-read from the database.
 * Staff must have a second factor (docs/decisions.md, "Second factors and staff"): until they enrol, the
 * enrolment procedures are all their session can call.
 */
export const userProcedure = publicProcedure.use(({ ctx, path, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first" });
  if (ctx.user.isStaff && !ctx.user.hasSecondFactor && !OPEN_BEFORE_ENROLMENT.test(path))
    throw new TRPCError({ code: "FORBIDDEN", message: "Staff must set up a second factor first: go to /two-factor" });
  return next({ ctx: { user: ctx.user } });
});
const OPEN_BEFORE_ENROLMENT = /^(twoFactor\.|profile\.(me|sessions|endSession|endOtherSessions)$)/;

/**
 * Procedures about one account: the caller must be a member, with at least
 * `role`. `active`: the procedure spends or sends, and a suspended account is
 * refused with ACCOUNT_SUSPENDED.
 */
export function accountProcedure(role: Role = "viewer", options: { active?: boolean } = {}) {
  return userProcedure.input(z.object({ accountId: z.string().min(1) })).use(async ({ ctx, input, next }) => {
    const membership = await requireMembership({
      userId: ctx.user.id,
      accountId: input.accountId,
      atLeast: role,
      active: options.active,
    });
    return next({ ctx: { membership } });
  });
}
