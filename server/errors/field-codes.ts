// SPEC gives some fields their own error codes (a bad webhook url is
// INVALID_URL, not INVALID_REQUEST). The code is marked on the field's schema,
// so one schema validates, documents (the mark is in the OpenAPI document as
// `x-error-code`) and answers with SPEC's code.
import { z } from "zod";
import type { ErrorCode } from "./catalogue";

export type FieldCodes = {
  /** What this field's problems answer, absence included. */
  code: ErrorCode;
  /** A different code for some kinds of problem (zod issue codes, e.g. too_big). */
  byIssue?: Partial<Record<z.core.$ZodIssue["code"], ErrorCode>>;
  /** The message when the field is absent (or null, or ""). */
  missing?: string;
  /** SPEC names some fields' absence MISSING_FIELD and only their bad values the field's own code. */
  absentIsMissingField?: boolean;
  /** Context added to every error this field raises (e.g. the valid values). */
  context?: Record<string, unknown>;
};

const marks = new WeakMap<z.ZodType, FieldCodes>();

export function answersWith<T extends z.ZodType>(schema: T, codes: FieldCodes): T {
  const marked = schema.meta({ "x-error-code": codes.code }) as T;
  marks.set(marked, codes);
  return marked;
}

/** The schema a path leads to inside `schema`, outermost first, with what its optional, nullable, default and pipe wrappers hold. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType[] {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; ; i++) {
    const trail: z.ZodType[] = [];
    while (current) {
      trail.push(current);
      const inner = unwrap(current);
      if (!inner) break;
      current = inner;
    }
    if (!current || i === path.length) return trail;
    const key = path[i]!;
    if (current instanceof z.ZodObject) current = (current.shape as Record<string, z.ZodType>)[String(key)];
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else current = undefined;
  }
}

function unwrap(schema: z.ZodType): z.ZodType | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodPipe) return schema.in as z.ZodType;
  return undefined;
}

export function fieldCodesOf(trail: z.ZodType[]): FieldCodes | undefined {
  for (const schema of trail) {
    const codes = marks.get(schema);
    if (codes) return codes;
  }
  return undefined;
}
