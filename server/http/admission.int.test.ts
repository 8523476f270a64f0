import { afterEach, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../test/api";
import { admit, isSaturated } from "./admission";

afterEach(() => {
  delete process.env.KASA_MAX_IN_FLIGHT;
  delete process.env.KASA_REQUEST_DEADLINE_MS;
});

describe("admission control", () => {
  it("refuses past the process's cap, and a key past its share, while others still get slots", () => {
    process.env.KASA_MAX_IN_FLIGHT = "4";
    const flood = [admit("key-a"), admit("key-a"), admit("key-a")];
    expect(flood.map((s) => ("refused" in s ? s.refused : "ok"))).toEqual(["ok", "ok", "account_share"]);
    const other = admit("key-b");
    expect("refused" in other).toBe(false);
    const last = admit("key-c");
    expect("refused" in last).toBe(false);
    expect(admit("key-d")).toEqual({ refused: "saturated" });
    expect(isSaturated()).toBe(true);
    for (const slot of [...flood, other, last]) if (!("refused" in slot)) slot.release();
    expect("refused" in admit("key-d")).toBe(false);
  });

  it("a request that cannot be served before its deadline is a 503 with Retry-After, and nothing was done", async () => {
    const c = await apiCustomer({ balance: 5 });
    const before = await footprint(c.accountId);
    process.env.KASA_REQUEST_DEADLINE_MS = "1";
    const res = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "Too late", idempotency_key: "late-1" },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).not.toBeNull();
    expect(res.body.error).toMatchObject({ code: "SERVICE_UNAVAILABLE", reason: "deadline" });
    await new Promise((r) => setTimeout(r, 300)); // what was still running has stopped at its checkpoint
    expect(await footprint(c.accountId)).toEqual(before);
    delete process.env.KASA_REQUEST_DEADLINE_MS;
    // The key was released: the same request now goes through.
    const again = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "Too late", idempotency_key: "late-1" },
    });
    expect(again.status).toBe(200);
  });
});
