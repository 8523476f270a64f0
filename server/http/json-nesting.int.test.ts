// A body nested 100,000 arrays deep once overflowed the stack while the
// idempotency fingerprint walked it, and was answered 500. It is refused with
// 400 before any work, and the process keeps serving.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCustomer, footprint } from "../../test/api";
import { serveApi, type ServedApi } from "../../test/serve-api";
import { MAX_JSON_DEPTH } from "./json-nesting";

let served: ServedApi;
beforeAll(async () => (served = await serveApi()));
afterAll(() => served.close());

const send = (key: string, body: string) =>
  fetch(`${served.base}/api/v1/sms/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body,
  });

describe("deeply nested JSON", () => {
  it("100,000 levels deep is 400 INVALID_REQUEST with nothing done; 32 levels is still read", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    const deep = `{"to":"+233241234567","message":"hi","idempotency_key":"deep","meta":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const answer = await send(c.liveKey, deep);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatchObject({
      code: "INVALID_REQUEST",
      errors: [{ type: "too_deep", loc: ["body"] }],
    });
    expect(await footprint(c.accountId)).toEqual(before);

    // Brackets inside strings are text, not nesting.
    const inText = await send(c.testKey, JSON.stringify({ to: "+233241234567", message: "[".repeat(5_000) }));
    expect(inText.status).toBe(400);
    expect((await inText.json()).error.code).toBe("MESSAGE_TOO_LONG");
    // At the limit the body is read and checked field by field (a bad number here, so nothing is sent and no
    // background work outlives the test's database).
    const atLimit = `{"to":"not-a-number","message":"hi","x":${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}}`;
    const read = await send(c.testKey, atLimit);
    expect((await read.json()).error.code).toBe("INVALID_PHONE_NUMBER");
  });
});
