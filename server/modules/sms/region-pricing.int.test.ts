// SPEC 4.3: `region` forces routing. A hint routes the message through the
// route family it names and prices it at the higher of the destination's own
// price and that route's: a hint can make a message dearer, never cheaper (a
// French number hinted "africa" was once billed at the African price).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { TestSmsc, type Submitted } from "../../../test/smpp-server";
import { configure } from "../../config/config";
import { db } from "../../db/client";
import { closeLiveCarriers } from "../../providers/sms";
import { setRouteCarriers } from "./set-route-carriers";

// Two carriers: the global route goes through "world", Africa's regional route through "africa".
const world = new TestSmsc("kasa", "secret");
const africa = new TestSmsc("kasa", "secret");
let restore = () => {};
beforeAll(async () => {
  await Promise.all([world.start(), africa.start()]);
  restore = configure({ SMS_CARRIERS: `world=${world.url()},africa=${africa.url()}` });
  await setRouteCarriers({ route: "global", carriers: ["world"], actor: "test" });
  await setRouteCarriers({ route: "africa_regional", carriers: ["africa"], actor: "test" });
});
afterAll(async () => {
  restore();
  await closeLiveCarriers();
  await Promise.all([world.stop(), africa.stop()]);
});

/** What an SMSC was given: the number and the text. */
const got = (part: Submitted | undefined) => ({
  to: String(part?.pdu.destination_addr),
  text: (part?.pdu.short_message as { message: string } | undefined)?.message,
});

const send = (key: string, body: object) => api("POST", "/api/v1/sms/send", { key, body });
async function prices() {
  const rows = await db().smsPrice.findMany();
  const of = (route: string) => Number(rows.find((p) => p.route === route)!.pricePerSegmentMicros) / 1e6;
  return { global: of("global"), africa_local: of("africa_local") };
}

describe("a routing hint", () => {
  it("forces the route it names: a French number hinted africa goes through Africa's route at the global price", async () => {
    const { global } = await prices();
    const c = await apiCustomer({ balance: 1 });
    const sent = await send(c.liveKey, { to: "+33612345678", message: "via Africa", region: "africa" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Routed as asked, charged the dearer of the two prices (the destination's own: global).
    expect(sent.body.data).toMatchObject({ route: "africa_regional", region: "africa", price: { amount: global } });
    expect(got(africa.submitted.at(-1))).toEqual({ to: "33612345678", text: "via Africa" });
    expect(world.submitted.some((m) => got(m).text === "via Africa")).toBe(false);
    const stored = await db().smsMessage.findUniqueOrThrow({ where: { id: sent.body.data.transaction_id } });
    expect(stored).toMatchObject({
      route: "africa_regional",
      region: "africa",
      priceMicros: BigInt(Math.round(global * 1e6)),
    });
    expect((await footprint(c.accountId)).balance).toBe(BigInt(Math.round((1 - global) * 1e6)));
  });

  it("can make a message dearer, never cheaper: Ghana hinted europe is routed and priced globally; hinted africa, unchanged", async () => {
    const { global, africa_local } = await prices();
    expect(global).toBeGreaterThan(africa_local);
    const c = await apiCustomer({ balance: 1 });
    const forced = await send(c.liveKey, { to: "+233241234567", message: "via the world", region: "europe" });
    expect(forced.body.data).toMatchObject({ route: "global", region: "europe", price: { amount: global } });
    expect(got(world.submitted.at(-1))).toEqual({ to: "233241234567", text: "via the world" });

    const own = await send(c.testKey, { to: "+233241234567", message: "hello", region: "africa" });
    const plain = await send(c.testKey, { to: "+233241234567", message: "hello" });
    expect(own.body.data).toMatchObject({ route: "africa_local", region: "africa", price: { amount: africa_local } });
    expect(plain.body.data).toMatchObject({ route: "africa_local", region: "africa", price: own.body.data.price });
    // continent is the same hint by another name.
    const continent = await send(c.testKey, { to: "+233241234567", message: "hello", continent: "asia" });
    expect(continent.body.data).toMatchObject({ route: "global", region: "asia", price: { amount: global } });
  });

  it("that is not supported, or two that disagree, is 400 INVALID_CONTINENT and nothing is sent or charged", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    const sentBefore = world.submitted.length + africa.submitted.length;
    for (const hint of [
      { region: "antarctica" },
      { region: "south_america" },
      { continent: "atlantis" },
      { region: "africa", continent: "europe" },
    ]) {
      const refused = await send(c.liveKey, { to: "+33612345678", message: "where?", ...hint });
      expect(refused.status, JSON.stringify(hint)).toBe(400);
      expect(refused.body.error.code, JSON.stringify(hint)).toBe("INVALID_CONTINENT");
    }
    expect(await footprint(c.accountId)).toEqual(before);
    expect(world.submitted.length + africa.submitted.length).toBe(sentBefore);
  });
});
