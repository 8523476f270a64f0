// Property-based tests of every operation in the OpenAPI document (docs/decisions.md,
// "The document and its tests"), with a test key, seeded and bounded: whatever is sent, the answer is
// never a 5xx and always SPEC's envelope with a status and code the document
// lists (test/api.ts checks every answer against the document); and input the
// document calls valid is never refused as malformed.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { api, apiCustomer } from "../../../test/api";
import {
  anyJson,
  mobileNumbers,
  validObject,
  type Formats,
  type JsonSchema,
} from "../../../test/json-schema-arbitrary";
import { API_ENDPOINTS } from "../api-endpoints";
import { buildOpenApi } from "./build-openapi";

type Operation = {
  "x-require-one-of"?: string[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  parameters?: { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema }[];
};
const doc = buildOpenApi(API_ENDPOINTS, "http://kasa.test") as { paths: Record<string, Record<string, Operation>> };
const OPERATIONS = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

// Codes that mean "the input's shape or format is wrong": what the document's schemas must already rule out.
// Left out are the codes of rules that depend on data, said in the fields' descriptions: INVALID_PHONE (the
// number's prefix is not a network's), INVALID_CONTINENT (the hint is not the destination's), INVALID_AMOUNT
// (outside the operator's range), INVALID_OPERATOR (no such operator), INVALID_COUNTRY (not a country the
// deployment lists). Two well-formed fields that disagree say so (`conflicts_with`), and a webhook host that is
// not a public address is found by DNS (`forbidden_address`), a capacity the network does not sell is in the
// catalogue (`unknown_bundle`), a market's carriers that take no sender IDs are in coverage
// (`sender_id_unsupported`): none is a malformed input.
const MALFORMED = new Set([
  "INVALID_REQUEST",
  "MISSING_FIELD",
  "INVALID_JSON",
  "INVALID_INPUT",
  "INVALID_PHONE_NUMBER",
  "INVALID_EMAIL",
  "INVALID_URL",
  "INVALID_NETWORK",
  "INVALID_EVENTS",
]);
const dependsOnData = (error: { conflicts_with?: string; reason?: string }) =>
  error.conflicts_with !== undefined || DATA_REASONS.has(error.reason ?? "");
// What a CSV holds is read by its parser (a header naming phone or email, readable quoting), a template's
// {{variables}} by the template's, and what a file is by its first bytes, which no JSON schema of a string can say:
// `csv_content`, `unknown_variable`, `document_type`.
const DATA_REASONS = new Set([
  // WhatsApp: which templates a number has at Meta, whether the person wrote in the last 24 hours, and which numbers
  // an account connected are data, as the issue's own refusal (outside_customer_service_window) is.
  "template_not_found",
  "template_not_approved",
  "template_variables",
  "outside_customer_service_window",
  "no_whatsapp_number",
  "unknown_from",
  "from_required",
  "test_key_sandbox_only",
  "forbidden_address",
  "unknown_bundle",
  "sender_id_unsupported",
  "csv_content",
  "unknown_variable",
  "document_type",
  // A consent dated after the clock's now: the document says "not in the future", which a schema cannot hold.
  "granted_in_future",
]);
const SEED = 2311;
const RUNS = Number(process.env.KASA_PROPERTY_RUNS ?? 25);

/** One object with every field the operation takes: its parameters (path and query) and its body's. */
function inputSchema(op: Operation): JsonSchema {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content["application/json"].schema as
    { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
  return {
    ...body,
    type: "object",
    properties: { ...body?.properties, ...Object.fromEntries(params.map((p) => [p.name, p.schema])) },
    required: [...(body?.required ?? []), ...params.filter((p) => p.required).map((p) => p.name)],
  } as JsonSchema;
}

/** The generated input where the document puts each field: in the path, the query or the body. */
async function send(method: string, path: string, op: Operation, key: string, input: unknown) {
  const fields = { ...((input ?? {}) as Record<string, unknown>) };
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  for (const p of (op.parameters ?? []).filter((p) => p.in === "path")) {
    path = path.replace(`{${p.name}}`, encodeURIComponent(text(fields[p.name])));
    delete fields[p.name];
  }
  if (op.requestBody) return api(method, path, { key, body: fields });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) query.set(name, text(value));
  const q = query.toString();
  return api(method, q ? `${path}?${q}` : path, { key });
}

function expectEnvelope(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  expect(typeof res.body.success, what).toBe("boolean");
  if (res.body.success) expect(res.body, what).toHaveProperty("data");
  else expect(res.body.error, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

/** "e164" as the document means it: a number in a country this deployment covers (GET /sms/countries). */
async function coveredFormats(key: string): Promise<Formats> {
  const res = await api("GET", "/api/v1/sms/countries", { key });
  const covered = (res.body.data.countries as { iso_code: string; supported: boolean }[])
    .filter((c) => c.supported)
    .map((c) => c.iso_code);
  return { e164: mobileNumbers(covered) };
}

describe("every operation of the document, with generated input", () => {
  for (const { path, method, op } of OPERATIONS) {
    it(`${method} ${path}`, async () => {
      const customer = await apiCustomer({ balance: 1000 });
      const schema = inputSchema(op);
      const formats = await coveredFormats(customer.testKey);
      await fc.assert(
        fc.asyncProperty(
          validObject(schema, formats).filter((input) => {
            const oneOf = op["x-require-one-of"];
            return !oneOf || oneOf.some((name) => input[name] !== undefined && input[name] !== "");
          }),
          async (input) => {
            const res = await send(method, path, op, customer.testKey, input);
            const what = `${method} ${path} with ${JSON.stringify(input).slice(0, 300)}`;
            expectEnvelope(res, what);
            if (!res.body.success && !dependsOnData(res.body.error))
              expect(
                MALFORMED.has(res.body.error.code),
                `${what} was refused as malformed: ${res.body.error.message}`,
              ).toBe(false);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...Object.keys(schema.properties ?? {}), "x"), anyJson),
          async (input) => {
            const res = await send(method, path, op, customer.testKey, input);
            expectEnvelope(res, `${method} ${path} with ${JSON.stringify(input).slice(0, 300)}`);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
});
