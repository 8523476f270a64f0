// The SDK is the API's document in TypeScript: its committed types must be what
// the endpoints generate now, and every operation must have a method.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { GENERATED_FILE, localDocument, openApiTypes, RETRYABLE_FILE, retryableCodes } from "../scripts/openapi-types";
import { Kasa, SDK_VERSION } from "../src/index";

type Operation = { requestBody?: { content: { "application/json": { schema: { properties?: object } } } } };
const document = localDocument() as { paths: Record<string, Record<string, Operation>> };

describe("the SDK's generated types", () => {
  it("are what the endpoints generate now (run `npm run generate` in sdk/ when this fails)", async () => {
    expect(readFileSync(GENERATED_FILE, "utf8") === (await openApiTypes(document))).toBe(true);
    expect(readFileSync(RETRYABLE_FILE, "utf8")).toBe(retryableCodes(document));
  });

  it("give every operation of the document a method, and an idempotency key to exactly those that take one", async () => {
    const called: string[] = [];
    const keyed: string[] = [];
    const kasa = new Kasa({
      apiKey: "kasa_test_x",
      baseUrl: "http://kasa.test",
      fetch: async (input, init) => {
        const operation = `${init!.method} ${new URL(String(input)).pathname}`;
        called.push(operation);
        if (init?.body && "idempotency_key" in JSON.parse(String(init.body))) keyed.push(operation);
        return new Response(JSON.stringify({ success: true, data: {} }));
      },
    });
    // A value for each path parameter: a method that takes one puts it in its path, encoded.
    const pathValues = { phone_number: "+233241000001", id: "sms_1", channel: "sms" };
    const callAll = async (resource: object): Promise<void> => {
      for (const member of Object.values(resource))
        await (typeof member === "function" ? member({ ...pathValues }) : callAll(member as object));
    };
    await callAll(kasa);

    const filled = (path: string) =>
      path.replace(/\{([a-z_]+)\}/g, (_, name: keyof typeof pathValues) => encodeURIComponent(pathValues[name]));
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${filled(path)}`),
    );
    expect(called.toSorted()).toEqual(operations.toSorted());
    const takingKeys = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => "idempotency_key" in (op.requestBody?.content["application/json"].schema.properties ?? {}))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(keyed.toSorted()).toEqual(takingKeys.toSorted());
    expect(keyed).toEqual(expect.arrayContaining(["POST /api/v1/sms/send", "POST /api/v1/email/send"]));
  });

  it("say the package's version in User-Agent", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(SDK_VERSION).toBe(manifest.version);
  });
});
