// How the API reference names a field's type. A JSON Schema type may be a list (["string", "null"]) or a choice
// (anyOf): written out as a reader would, never run together ("stringnull").
export type TypedSchema = {
  /** One type, or several (["string", "null"]: a string or null). */
  type?: string | string[];
  enum?: unknown[];
  items?: TypedSchema;
  anyOf?: TypedSchema[];
  oneOf?: TypedSchema[];
};

/** A schema's type as a reader writes it: "string | null", "integer[]", "sms | email". */
export function typeOf(schema: TypedSchema): string {
  if (schema.enum) return schema.enum.map((v) => (v === null ? "null" : String(v))).join(" | ");
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(" | ");
  if (Array.isArray(schema.type)) return schema.type.map((t) => typeOf({ ...schema, type: t })).join(" | ");
  if (schema.type === "array") {
    const item = schema.items ? typeOf(schema.items) : "any";
    return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
  }
  return schema.type ?? "any";
}
