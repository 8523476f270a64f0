import { describe, expect, it } from "vitest";
import { createApiRouter } from "./api-router";

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
