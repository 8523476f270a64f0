import type { z } from "zod";
import { AppError } from "./app-error";
import { fieldCodesOf, schemaAt } from "./field-codes";

/**
 * Checks input against an endpoint's schema, answering SPEC's codes: a
 * required field that is absent (or null, or "") is MISSING_FIELD, named in
 * the message; a field marked with its own code (answersWith) answers that
 * code; any other mismatch is INVALID_REQUEST with every problem listed as
 * {type, loc, msg}. Absent fields are reported before wrong ones.
 */
export function validateInput<T>(
  schema: z.ZodType<T>,
  input: Record<string, unknown>,
  where: "body" | "query" = "body",
): T {
  // `?network=` in a query means no filter, as if the parameter were not there.
  const given = where === "query" ? Object.fromEntries(Object.entries(input).filter(([, v]) => v !== "")) : input;
  refuseNulCharacters(given, [where]);
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const absent = issues.find(
    (issue) => isAbsent(valueAt(given, issue.path)) && !schemaAt(schema, issue.path)[0]?.safeParse(undefined).success,
  );
  if (absent) throw missing(schema, absent.path);
  for (const issue of issues) {
    const found = codesAlong(schema, issue.path);
    if (found) {
      const { codes, own } = found;
      // A code for a kind of problem is the marked field's own (a batch of 101 emails), never one of a field
      // inside it (a subject too long in one email of the batch).
      throw new AppError((own && codes.byIssue?.[issue.code]) || codes.code, {
        message: issue.message,
        context: { ...codes.context },
      });
    }
  }
  const errors = issues.map((issue) => ({
    type: issue.code,
    loc: [where, ...issue.path.map(String)],
    msg: issue.message,
  }));
  throw new AppError("INVALID_REQUEST", {
    message: `Invalid request: ${errors.map((e) => `${e.loc.slice(1).join(".") || where}: ${e.msg}`).join("; ")}`,
    context: { errors },
  });
}

function missing(schema: z.ZodType, path: PropertyKey[]): AppError {
  const codes = fieldCodesOf(schemaAt(schema, path));
  const name = pathName(path);
  if (codes && !codes.absentIsMissingField)
    return new AppError(codes.code, { message: codes.missing ?? `${name} is required`, context: { ...codes.context } });
  const field = String(path.at(-1));
  const index = path.findLast((p) => typeof p === "number");
  return new AppError("MISSING_FIELD", {
    message: `Missing required field: ${name}`,
    context: { field, ...(index !== undefined ? { index } : {}) },
  });
}

/** The codes marked on the field at `path`, or on the nearest field above it. */
function codesAlong(schema: z.ZodType, path: PropertyKey[]) {
  for (let end = path.length; end > 0; end--) {
    const codes = fieldCodesOf(schemaAt(schema, path.slice(0, end)));
    if (codes) return { codes, own: end === path.length };
  }
  return undefined;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** emails[3].to */
function pathName(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("");
}

/**
 * U+0000 has no place in any field (no SMS, address, id or subject carries it) and PostgreSQL cannot store it in
 * text: refused up front as INVALID_REQUEST, never a 500 from the database (docs/decisions.md, "Validation and errors"; the document says so).
 */
function refuseNulCharacters(value: unknown, loc: string[]): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      const msg = "must not contain the NUL character (U+0000)";
      throw new AppError("INVALID_REQUEST", {
        message: `Invalid request: ${loc.slice(1).join(".") || loc[0]}: ${msg}`,
        context: { errors: [{ type: "invalid_string", loc, msg }] },
      });
    }
    return;
  }
  if (Array.isArray(value)) return value.forEach((item, i) => refuseNulCharacters(item, [...loc, String(i)]));
  if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      refuseNulCharacters(key, [...loc, key]);
      refuseNulCharacters(item, [...loc, key]);
    }
}
