import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApi } from "./build-openapi";
import { defineEndpoint } from "../endpoint";

const input = z.object({ phone_number: z.string().describe("E.164"), note: z.string().optional() });
const endpoint = (method: "GET" | "PUT") =>
  defineEndpoint({
    method,
    path: "/api/v1/lookup/{phone_number}",
    summary: "A number",
    auth: "public",
    input: { from: method === "GET" ? "query" : "body", schema: input },
    docs: { response: z.object({}) },
    execute: async () => ({ data: {} }),
  });

describe("a path with parameters in the document", () => {
  const doc = buildOpenApi([endpoint("GET"), endpoint("PUT")], "http://kasa.test") as {
    paths: Record<string, Record<string, any>>;
  };
  const path = doc.paths["/api/v1/lookup/{phone_number}"]!;

  it("lists the path's fields as required path parameters, named after what they pick", () => {
    expect(path.get.operationId).toBe("getLookupByPhoneNumber");
    expect(path.get.parameters).toEqual([
      { name: "phone_number", in: "path", required: true, schema: expect.objectContaining({ type: "string" }) },
      { name: "note", in: "query", required: false, schema: expect.objectContaining({ type: "string" }) },
    ]);
  });

  it("keeps a path's field out of the body", () => {
    expect(path.put.parameters).toEqual([expect.objectContaining({ name: "phone_number", in: "path" })]);
    const body = path.put.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(["note"]);
    expect(body.required).toBeUndefined();
  });
});
