// Values a JSON Schema (the subset the OpenAPI document uses) calls valid, as
// fast-check arbitraries: what a generated client could send, field by field.
import fc from "fast-check";
import { getExampleNumber, type CountryCode } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/mobile/examples";
import type { JsonSchema } from "../components/docs/field-constraints";

export type { JsonSchema };

/**
 * Formats whose rule a pattern cannot hold, given as arbitraries: "e164" is a
 * number that exists in its country's plan, which only libphonenumber knows.
 * A test may narrow them (to the countries a deployment covers).
 */
export type Formats = Record<string, fc.Arbitrary<string>>;

/** The mobile example number of every country libphonenumber knows, in E.164. */
export function mobileNumbers(countries?: readonly string[]): fc.Arbitrary<string> {
  const numbers = Object.keys(mobileExamples)
    .filter((iso) => !countries || countries.includes(iso))
    .map((iso) => getExampleNumber(iso as CountryCode, mobileExamples)?.number)
    .filter((n): n is string => Boolean(n));
  return fc.constantFrom(...numbers);
}

const DEFAULT_FORMATS: Formats = { e164: mobileNumbers() };

export function validValue(schema: JsonSchema, formats: Formats = DEFAULT_FORMATS): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  // An option inherits what its parent says beside the choice (anyOf under {type: "string", maxLength: 32}).
  if (choices) {
    const { anyOf: _a, oneOf: _o, ...parent } = schema;
    return fc.oneof(...choices.map((option) => validValue({ ...parent, ...option }, formats)));
  }
  if (schema.allOf?.length === 1) return validValue(schema.allOf[0]!, formats);
  // The null option of a nullable value (anyOf [{...}, {type: "null"}]): null is what it allows.
  if (schema.type === "null") return fc.constant(null);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return validString(schema, formats);
    case "integer":
      return fc.integer({ min: lower(schema, -1_000_000), max: upper(schema, 1_000_000) });
    case "number":
      return fc.double({ min: lower(schema, -1e6), max: upper(schema, 1e6), noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(validValue(schema.items ?? {}, formats), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object":
      return validObject(schema, formats);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

export function validObject(
  schema: JsonSchema,
  formats: Formats = DEFAULT_FORMATS,
): fc.Arbitrary<Record<string, unknown>> {
  // "Exactly one of these fields" (oneOf of options that each require one): one option's field, and none of the others'.
  const exactlyOne = (schema.oneOf ?? []).map((o) => o.required ?? []);
  if (exactlyOne.length && exactlyOne.every((r) => r.length)) {
    const { oneOf: _o, ...rest } = schema;
    const optionKeys = exactlyOne.flat();
    return fc.oneof(
      ...exactlyOne.map((chosen) =>
        validObject(
          {
            ...rest,
            properties: Object.fromEntries(
              Object.entries(rest.properties ?? {}).filter(([k]) => !optionKeys.includes(k) || chosen.includes(k)),
            ),
            required: [...(rest.required ?? []), ...chosen],
          },
          formats,
        ),
      ),
    );
  }
  if (!schema.properties && typeof schema.additionalProperties === "object")
    return fc.dictionary(
      validString({ type: "string", ...schema.propertyNames }, formats),
      validValue(schema.additionalProperties, formats),
      { maxKeys: 3 },
    );
  const shape = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validValue(v, formats)]),
  );
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in shape) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** The document's general rule (info.description): no string carries U+0000. */
function validString(schema: JsonSchema, formats: Formats): fc.Arbitrary<string> {
  const excluded = schema.not?.pattern ? new RegExp(schema.not.pattern) : null;
  return anyString(schema, formats).filter((s) => !s.includes("\u0000") && !excluded?.test(s));
}

function anyString(schema: JsonSchema, formats: Formats): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
  const known = schema.format ? formats[schema.format] : undefined;
  if (known) return known.filter(fits);
  // A time's pattern says its spelling; which instants a field takes only the format and the description say.
  if (schema.pattern && schema.format !== "date-time")
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  switch (schema.format) {
    case "email":
      return fc.emailAddress().filter(fits);
    case "date-time":
      // Within a year back and 29 days ahead: the longest any time field accepts (scheduled_at's rule, in its
      // description).
      return fc
        .date({
          min: new Date(Date.now() - 365 * 86_400_000),
          max: new Date(Date.now() + 29 * 86_400_000),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case "uri":
      return fc.webUrl({ validSchemes: ["https"] }).filter(fits);
  }
  return fc.string({ minLength: min, maxLength: max });
}

const lower = (s: JsonSchema, fallback: number) =>
  s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : fallback);
const upper = (s: JsonSchema, fallback: number) =>
  s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : fallback);

/** Anything at all in a field's place: most of it invalid, some of it by chance valid. */
export const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("", " ", "null", "0", "-1", "1e999", "+", "@", "x".repeat(300), "ﬀ", "\u0000"),
);
