// The caller cannot lower the price: a French number hinted "africa" was once
// billed at the African price. The route comes from the number; a hint that
// disagrees with it is refused and costs nothing.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";

const send = (key: string, body: object) => api("POST", "/api/v1/sms/send", { key, body });

describe("routing hints", () => {
  it("cannot reprice: a French number hinted africa is 400 INVALID_CONTINENT with nothing charged; a matching hint changes nothing", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    for (const hint of [{ region: "africa" }, { continent: "africa" }, { region: "asia" }]) {
      const refused = await send(c.liveKey, { to: "+33612345678", message: "cheap?", ...hint });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "INVALID_CONTINENT", destination: "europe" });
    }
    expect(await footprint(c.accountId)).toEqual(before);

    const plain = await send(c.testKey, { to: "+33612345678", message: "hello" });
    const hinted = await send(c.testKey, { to: "+33612345678", message: "hello", region: "europe" });
    expect(plain.body.data).toMatchObject({ route: "global", region: "europe" });
    expect(hinted.body.data).toMatchObject({ route: "global", region: "europe", price: plain.body.data.price });
    const ghana = await send(c.testKey, { to: "+233241234567", message: "hello", region: "africa" });
    expect(ghana.body.data).toMatchObject({ route: "africa_local", price: { amount: 0.02 } });
  });
});
