import type { ZodError } from "zod";
import { AppError } from "./app-error";

/** SPEC 7.1's validation context: errors: [{type, loc, msg}]; the first message leads. */
export function zodToAppError(error: ZodError): AppError {
  const errors = error.issues.map((issue) => ({ type: issue.code, loc: issue.path.map(String), msg: issue.message }));
  return new AppError("INVALID_REQUEST", { message: errors[0]?.msg ?? "Invalid request", context: { errors } });
}
