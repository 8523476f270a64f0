import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApiRouter } from "./api-router";
import { defineEndpoint } from "./endpoint";

const router = createApiRouter([]);

describe("the router's ownership of /api/v1", () => {
  it("keeps every target a router could read as /api/v1, however it is written", () => {
    for (const target of [
      "/api/v1",
      "/api/v1/sms/send",
      "/api/v1/sms/send?x=1",
      "/api/%761/balance",
      "/api%2Fv1/balance",
      "//api/v1/balance",
      "/api//v1/balance",
      "/api\\v1/balance",
      "/x/../api/v1/balance",
      "/x/%2e%2e/api/v1/balance",
      "/x%3F/../api/v1/sms/send",
      "/x%23/../api/v1/sms/send",
      "/%3F/../api/v1/balance",
      "/./api/v1/balance",
      "/API/V1/balance",
      "http://kasa.example/api/v1/balance",
      "http://kasa.example/x/../api/v1/balance",
    ])
      expect(router.owns(target), target).toBe(true);
  });

  it("leaves every other path to the pages", () => {
    for (const target of [
      "/",
      "/api/v10",
      "/api/v1x/balance",
      "/api/health",
      "/signin?next=/api/v1/balance",
      "/docs/api/v1",
    ])
      expect(router.owns(target), target).toBe(false);
  });
});

describe("paths with parameters", () => {
  const echo = (path: string, method: "GET" | "POST" = "GET") =>
    defineEndpoint({
      method,
      path,
      summary: "Echo",
      auth: "public",
      input: {
        from: method === "GET" ? "query" : "body",
        schema: z.object({ phone_number: z.string(), note: z.string().optional() }),
      },
      docs: { response: z.object({ phone_number: z.string(), note: z.string().optional() }) },
      execute: async ({ input }) => ({ data: input }),
    });
  const routed = createApiRouter([
    echo("/api/v1/lookup/countries"),
    echo("/api/v1/lookup/{phone_number}"),
    echo("/api/v1/lookup/{phone_number}", "POST"),
  ]);
  const ask = async (method: string, target: string, body?: unknown) => {
    const answer = await routed.answer({
      method,
      url: new URL(target, "http://kasa.test"),
      headers: new Headers(body ? { "content-type": "application/json" } : {}),
      readBody: async () => JSON.stringify(body ?? {}),
      bodyConsumed: () => true,
    });
    return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.text) };
  };

  it("gives each {name} segment, decoded, to the input, where it wins over the query's or the body's field", async () => {
    const got = await ask("GET", "/api/v1/lookup/%2B233241000001?note=hi&phone_number=not-this");
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ phone_number: "+233241000001", note: "hi" });
    const posted = await ask("POST", "/api/v1/lookup/+233201000001", { phone_number: "other", note: "x" });
    expect(posted.body.data).toEqual({ phone_number: "+233201000001", note: "x" });
  });

  it("matches a fixed path before a template, one whole segment per parameter, and answers 405 with Allow on a template", async () => {
    // The fixed path's endpoint answered (its input has no phone_number), not the template's with "countries".
    const fixed = await ask("GET", "/api/v1/lookup/countries");
    expect(fixed.status).toBe(400);
    expect(fixed.body.error.code).toBe("MISSING_FIELD");
    expect((await ask("GET", "/api/v1/lookup/+233241000001/more")).status).toBe(404);
    expect((await ask("GET", "/api/v1/lookup/")).status).toBe(404);
    expect((await ask("GET", "/api/v1/lookup/%E0%A4%A")).status).toBe(404);
    const wrong = await ask("DELETE", "/api/v1/lookup/+233241000001");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.Allow ?? wrong.headers.allow).toBe("GET, POST");
  });
});
