import type { z } from "zod";
import { AppError } from "../errors/app-error";

/** Body text -> a JSON object, or INVALID_JSON / INVALID_REQUEST (SPEC 7.3). */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", { message: "Request body is not valid JSON" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("INVALID_REQUEST", {
      message: "Request body must be a JSON object",
      context: { errors: [{ type: "object_type", loc: ["body"], msg: "Expected a JSON object" }] },
    });
  }
  return value as Record<string, unknown>;
}

/**
 * Checks input against an endpoint's schema. A required field that is absent
 * is MISSING_FIELD, named in the message; any other mismatch is
 * INVALID_REQUEST with every problem listed as {type, loc, msg}.
 */
export function validateInput<T>(
  schema: z.ZodType<T>,
  input: Record<string, unknown>,
  required: readonly string[],
  where: "body" | "query" = "body",
): T {
  for (const field of required) {
    const value = input[field];
    if (value === undefined || value === null || value === "") {
      throw new AppError("MISSING_FIELD", { message: `Missing required field: ${field}`, context: { field } });
    }
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    type: issue.code,
    loc: [where, ...issue.path.map(String)],
    msg: issue.message,
  }));
  throw new AppError("INVALID_REQUEST", {
    message: `Invalid request: ${errors.map((e) => `${e.loc.slice(1).join(".") || where}: ${e.msg}`).join("; ")}`,
    context: { errors },
  });
}
