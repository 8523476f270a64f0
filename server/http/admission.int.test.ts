import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../test/api";
import { withConfig } from "../../test/config";
import { waitUntil } from "../../test/wait-until";
import { admit, inFlight, isSaturated } from "./admission";

describe("admission control", () => {
  it("refuses past the process's cap, and a key past its share, while others still get slots", () =>
    withConfig({ KASA_MAX_IN_FLIGHT: "4" }, async () => {
      const flood = [admit("key-a"), admit("key-a"), admit("key-a")];
      expect(flood.map((s) => ("refused" in s ? s.refused : "ok"))).toEqual(["ok", "ok", "account_share"]);
      const other = admit("key-b");
      expect("refused" in other).toBe(false);
      const last = admit("key-c");
      expect("refused" in last).toBe(false);
      expect(admit("key-d")).toEqual({ refused: "saturated" });
      expect(isSaturated()).toBe(true);
      for (const slot of [...flood, other, last]) if (!("refused" in slot)) slot.release();
      const freed = admit("key-d");
      expect("refused" in freed).toBe(false);
      if (!("refused" in freed)) freed.release();
    }));

  it("a request that cannot be served before its deadline is a 503 with Retry-After, and nothing was done", async () => {
    const c = await apiCustomer({ balance: 5 });
    const before = await footprint(c.accountId);
    const idle = inFlight();
    const res = await withConfig({ KASA_REQUEST_DEADLINE_MS: "1" }, () =>
      api("POST", "/api/v1/sms/send", {
        key: c.testKey,
        body: { to: "+233241234567", message: "Too late", idempotency_key: "late-1" },
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).not.toBeNull();
    expect(res.body.error).toMatchObject({ code: "SERVICE_UNAVAILABLE", reason: "deadline" });
    // What was still running has stopped at its checkpoint and given its slot back.
    await waitUntil(() => inFlight() === idle, "the late request to stop", { timeoutMs: 10_000 });
    expect(await footprint(c.accountId)).toEqual(before);
    // The key was released: the same request now goes through.
    const again = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "Too late", idempotency_key: "late-1" },
    });
    expect(again.status).toBe(200);
  });
});
