// A flood of random, well-formed keys must not push real customers' keys out
// of the cache (the old cache was wiped whole when it filled up, so after a
// flood every real request cost a database query).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { serveApi, type ServedApi } from "../../../test/serve-api";
import { KEY_CACHE_LIMITS, isKeyCached, sizeKeyCaches } from "./resolve-api-key";

let served: ServedApi;
beforeAll(async () => {
  served = await serveApi();
  sizeKeyCaches({ known: 100, unknown: 50 });
});
afterAll(async () => {
  sizeKeyCaches(KEY_CACHE_LIMITS);
  await served.close();
});

const balance = (key: string) =>
  fetch(`${served.base}/api/v1/balance`, { headers: { authorization: `Bearer ${key}` } });

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const randomKeyBody = () => Array.from({ length: 32 }, () => BASE62[Math.floor(Math.random() * 62)]).join("");

describe("a flood of random API keys", () => {
  it("is answered 401 throughout, and leaves a real customer's key in the cache", async () => {
    const c = await apiCustomer();
    expect((await balance(c.testKey)).status).toBe(200);
    expect(isKeyCached(c.testKey)).toBe(true);

    // Ten times what the cache of unknown keys holds, in waves of 50 at once.
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => balance(`kasa_test_${randomKeyBody()}`)));
      expect(answers.every((a) => a.status === 401)).toBe(true);
    }
    expect(isKeyCached(c.testKey)).toBe(true);
    expect((await balance(c.testKey)).status).toBe(200);
  });
});
