import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "../../server/http/api-endpoints";
import { buildOpenApi } from "../../server/http/openapi/build-openapi";
import { typeOf, type TypedSchema } from "./type-label";

/** Every schema in the document, nested ones too. */
function* schemasIn(value: unknown): Generator<TypedSchema> {
  if (Array.isArray(value)) for (const v of value) yield* schemasIn(v);
  else if (value && typeof value === "object") {
    // A "properties" object may have a field named type: a schema's own type is a string or a list of them.
    const type = (value as { type?: unknown }).type;
    if (typeof type === "string" || Array.isArray(type) || "anyOf" in value) yield value as TypedSchema;
    for (const v of Object.values(value)) yield* schemasIn(v);
  }
}

describe("the reference's type of a field", () => {
  it("writes a nullable or a choice as a reader would", () => {
    expect(typeOf({ type: ["string", "null"] })).toBe("string | null");
    expect(typeOf({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeOf({ type: "array", items: { type: ["integer", "null"] } })).toBe("(integer | null)[]");
    expect(typeOf({ enum: ["sms", "email", null] })).toBe("sms | email | null");
  });

  it("never runs two types together anywhere in the OpenAPI document", () => {
    const labels = [...schemasIn(buildOpenApi(API_ENDPOINTS, "http://kasa.test"))].map(typeOf);
    expect(labels.length).toBeGreaterThan(100);
    expect(labels.filter((l) => l.includes("null"))).not.toHaveLength(0);
    for (const label of labels) expect(label).not.toMatch(/[a-z]null|null[a-z]/);
  });
});
