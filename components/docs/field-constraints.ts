// What the API enforces on one field, in words, read from the field's JSON
// Schema in the OpenAPI document (docs/decisions.md, "The reference, Try it and the SDK"): the reference shows exactly the
// rules the validation runs.
/** The subset of JSON Schema the OpenAPI document uses: read here for the reference, and by the property tests. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  not?: JsonSchema;
  propertyNames?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  contentEncoding?: string;
  "x-error-code"?: string;
};
export type FieldSchema = JsonSchema;

export function constraintsOf(schema: FieldSchema): string[] {
  const rules: string[] = [];
  if (schema.minLength !== undefined && schema.minLength === schema.maxLength)
    rules.push(`exactly ${schema.minLength} characters`);
  else if (schema.minLength !== undefined && schema.maxLength !== undefined)
    rules.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.minLength) rules.push(`at least ${schema.minLength} character${schema.minLength === 1 ? "" : "s"}`);
  else if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
  if (schema.format) rules.push(`format ${schema.format}`);
  if (schema.pattern) rules.push(`matches ${schema.pattern}`);
  if (schema.not?.pattern) rules.push(`does not match ${schema.not.pattern}`);
  if (schema.contentEncoding) rules.push(`${schema.contentEncoding}-encoded`);
  if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) rules.push(`at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  const options = (schema.anyOf ?? []).map((option) => constraintsOf(option).join(", ")).filter(Boolean);
  if (options.length === 1) rules.push(options[0]!);
  else if (options.length) rules.push(`either ${options.map((o) => `(${o})`).join(" or ")}`);
  if (schema.items) rules.push(...constraintsOf(schema.items).map((rule) => `each: ${rule}`));
  if (schema.propertyNames) rules.push(...constraintsOf(schema.propertyNames).map((rule) => `names: ${rule}`));
  if (typeof schema.additionalProperties === "object")
    rules.push(...constraintsOf(schema.additionalProperties).map((rule) => `values: ${rule}`));
  if (schema["x-error-code"]) rules.push(`bad value: ${schema["x-error-code"]}`);
  return rules;
}
