// Docs you can run (docs/decisions.md, "The reference, Try it and the SDK"): every endpoint's example in the reference, sent as written with a test key, gets
// past the endpoint's input checks (no INVALID_REQUEST or INVALID_JSON), and the languages say the same request.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../test/api";
import { openApiDocument } from "../../server/http/openapi/serve-openapi";
import {
  curlExample,
  exampleInput,
  operationFields,
  pythonExample,
  sdkCall,
  SDK_METHODS,
  sendsBody,
  withPathParams,
  withQuery,
  type ExampleSchema,
} from "./operation-examples";
import { Kasa } from "../../sdk/src/index";

type Op = {
  parameters?: { name: string; required: boolean; schema: ExampleSchema }[];
  requestBody?: { content: { "application/json": { schema: ExampleSchema } } };
};

function operations() {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Op>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const fields = operationFields(op);
      return { method, path, input: exampleInput(method, path, fields) };
    }),
  );
}

describe("the reference's examples", () => {
  it("pass every endpoint's input checks when sent as written", async () => {
    const c = await apiCustomer({ balance: 1 });
    const refused = [];
    for (const { method, path, input } of operations()) {
      const withBody = sendsBody(method);
      const res = await api(method.toUpperCase(), withBody ? path : withQuery(path, input), {
        key: c.testKey,
        ...(withBody ? { body: input } : {}),
      });
      const code = res.body?.error?.code;
      if (code === "INVALID_REQUEST" || code === "INVALID_JSON")
        refused.push({ method, path, input, error: res.body.error });
    }
    expect(refused).toEqual([]);
  });

  it("say the same request in curl, the SDK and Python", () => {
    const input = { to: "+233200000001", message: "It's 482913" };
    expect(curlExample("https://kasa.example", "post", "/api/v1/sms/send", input)).toBe(
      `curl -X POST https://kasa.example/api/v1/sms/send \\
  -H "Authorization: Bearer $KASA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
  "to": "+233200000001",
  "message": "It'\\''s 482913"
}'`,
    );
    expect(curlExample("https://kasa.example", "get", "/api/v1/sms/status", { transaction_id: "sms_1" })).toBe(
      `curl "https://kasa.example/api/v1/sms/status?transaction_id=sms_1" \\
  -H "Authorization: Bearer $KASA_API_KEY"`,
    );
    // A path parameter goes in the path, encoded, not in the query.
    expect(curlExample("https://kasa.example", "get", "/api/v1/lookup/{phone_number}", { phone_number: "+2332" })).toBe(
      `curl "https://kasa.example/api/v1/lookup/%2B2332" \\
  -H "Authorization: Bearer $KASA_API_KEY"`,
    );
    expect(sdkCall("post", "/api/v1/sms/send", input)).toMatch(/^await kasa\.sms\.send\(\{/);
    expect(
      pythonExample("https://kasa.example", "get", "/api/v1/sms/status", { transaction_id: "sms_1", x: true }),
    ).toContain(`params={\n        "transaction_id": "sms_1",\n        "x": True,\n    }`);
  });

  it("name, for every operation, the SDK method that calls it", async () => {
    const called: string[] = [];
    const kasa = new Kasa({
      apiKey: "kasa_test_x",
      baseUrl: "http://kasa.test",
      fetch: async (input, init) => {
        called.push(`${init!.method} ${new URL(String(input)).pathname}`);
        return new Response(JSON.stringify({ success: true, data: {} }));
      },
    });
    const wrong = [];
    for (const { method, path, input } of operations()) {
      const operation = `${method.toUpperCase()} ${path}`;
      const name = SDK_METHODS[operation];
      const fn = name?.split(".").reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], kasa);
      if (typeof fn !== "function") {
        wrong.push({ operation, name });
        continue;
      }
      called.length = 0;
      // The example's input: a method that takes a path parameter puts it in its path.
      await (fn as (input: object) => Promise<unknown>).call(undefined, { ...input });
      const expected = `${method.toUpperCase()} ${withPathParams(path, input).url}`;
      if (called[0] !== expected) wrong.push({ operation, name, called: called[0] });
    }
    expect(wrong).toEqual([]);
  });
});
