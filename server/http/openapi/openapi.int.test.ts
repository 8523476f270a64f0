import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { API_ENDPOINTS } from "../api-endpoints";
import { buildOpenApi } from "./build-openapi";
import { serveOpenApi } from "./serve-openapi";
import { WEBHOOK_EVENTS } from "../../modules/webhooks/events";

const doc = buildOpenApi(API_ENDPOINTS, "http://kasa.test/api/v1") as {
  paths: Record<string, Record<string, any>>;
  webhooks: Record<string, unknown>;
};

function routeFiles(dir = "app/api/v1"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? routeFiles(path) : name === "route.ts" ? [path] : [];
  });
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has an entry for every endpoint of the one router, with its errors, headers and the webhook payloads", () => {
    // One router: the App Router's only file under /api/v1 is the catch-all that dispatches through it.
    expect(routeFiles()).toEqual(["app/api/v1/[...path]/route.ts"]);
    expect(readFileSync("app/api/v1/[...path]/route.ts", "utf8")).toMatch(/API_ROUTER\.answer/);
    expect(API_ENDPOINTS.length).toBeGreaterThan(30);
    for (const endpoint of API_ENDPOINTS)
      expect(
        doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()],
        `${endpoint.method} ${endpoint.path}`,
      ).toBeDefined();
    const send = doc.paths["/api/v1/sms/send"]!.post;
    expect(Object.keys(send.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "402", "403", "409", "429", "503"]),
    );
    expect(send.responses["200"].headers).toHaveProperty("X-RateLimit-Remaining");
    expect(send.responses["200"].headers).toHaveProperty("X-Idempotent-Replay");
    expect(send.requestBody.content["application/json"].schema.required).toEqual(["to", "message"]);
    expect(
      send.responses["403"].content["application/json"].schema.allOf[1].properties.error.properties.code.enum,
    ).toContain("SENDER_ID_NOT_YOURS");
    expect(doc.paths["/api/v1/data/purchase"]!.post.responses).toHaveProperty("201");
    expect(doc.paths["/api/v1/sms/countries"]!.get.security).toEqual([]);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it("is served at /api/v1/openapi.json", async () => {
    const res = await serveOpenApi();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).openapi).toBe("3.1.0");
  });
});
