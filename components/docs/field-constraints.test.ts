import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "../../server/http/api-endpoints";
import { buildOpenApi } from "../../server/http/openapi/build-openapi";
import { constraintsOf, type FieldSchema } from "./field-constraints";

const doc = buildOpenApi(API_ENDPOINTS, "http://kasa.test") as {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody: {
          content: { "application/json": { schema: FieldSchema & { properties: Record<string, FieldSchema> } } };
        };
      }
    >
  >;
};
const body = (path: string) => doc.paths[path]!.post!.requestBody.content["application/json"].schema.properties;

describe("the rules the reference shows for a field, read from the document", () => {
  it("says a choice of shapes as one rule with each option's own", () => {
    const rules = constraintsOf(body("/api/v1/sms/send").from!);
    expect(rules).toContain("at most 32 characters");
    expect(rules.find((r) => r.startsWith("either"))).toMatch(
      /^either \(1–11 characters, matches .+\) or \(format e164, matches .+\)$/,
    );
  });

  it("says what header names and values may be, reserved names included", () => {
    const rules = constraintsOf(body("/api/v1/email/send").headers!);
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^names: matches \^\[/),
        expect.stringMatching(/^names: does not match .*\[fF\]\[rR\]\[oO\]\[mM\]/),
        "values: matches ^[^\\r\\n]*$",
      ]),
    );
  });

  it("says each address of a list, and that attachments are base64", () => {
    expect(constraintsOf(body("/api/v1/email/send").to!).join("; ")).toMatch(/each: matches .*@/);
    const attachments = body("/api/v1/email/send").attachments as FieldSchema & {
      items: { properties: Record<string, FieldSchema> };
    };
    expect(constraintsOf(attachments.items.properties.content!)).toContain("base64-encoded");
  });
});
