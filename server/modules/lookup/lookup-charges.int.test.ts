// A lookup's hold is never kept: given back when the request's time ran out before the answer, and released by the
// worker when the request died holding it. Against a local Twilio Lookup v2 server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { withConfig } from "../../../test/config";
import { FakeTwilioLookup } from "../../../test/fake-twilio-lookup";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { HandOff } from "../billing/hand-off";
import { lookUpNumbers } from "./look-up-numbers";
import { holdLookups, releaseStaleLookups } from "./lookup-charges";

const fake = new FakeTwilioLookup();
beforeAll(() => fake.start("AC00000000000000000000000000000000", "lookup-charges-token"));
afterAll(() => fake.stop());

const balance = async (accountId: string) =>
  (await db().account.findUniqueOrThrow({ where: { id: accountId } })).balanceMicros;

describe("a lookup's held price", () => {
  it("goes back whole when the request's time is over before the answer is given", async () => {
    const c = await apiCustomer({ balance: 1 });
    fake.numbers.set("+233244300100", { mcc: "620", mnc: "01", carrier: "MTN Ghana" });
    const late: HandOff = {
      commit: () => {
        throw new AppError("SERVICE_UNAVAILABLE", { message: "The request ran out of time; nothing was charged" });
      },
      remainingMs: () => 5_000,
    };
    const error = await withConfig({ LOOKUP_URL: fake.url }, () =>
      lookUpNumbers(["+233244300100"], { accountId: c.accountId, keyId: c.liveKeyId, mode: "live" }, () => "x", late),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(await balance(c.accountId)).toBe(1_000_000n);
    expect(await db().lookup.findMany({ where: { accountId: c.accountId } })).toEqual([
      expect.objectContaining({ status: "released", charged: 0 }),
    ]);
  });

  it("is released by the worker once no request can still be settling it", async () => {
    const c = await apiCustomer({ balance: 1 });
    const hold = await holdLookups({
      accountId: c.accountId,
      apiKeyId: c.liveKeyId,
      numbers: 2,
      heldMicros: 10_000n,
      currency: "USD",
    });
    expect(await balance(c.accountId)).toBe(990_000n);
    // Still within a request's life: kept.
    expect(await releaseStaleLookups(new Date(Date.now() + 5_000))).toBe(0);
    expect(await releaseStaleLookups(new Date(Date.now() + 120_000))).toBe(1);
    expect(await balance(c.accountId)).toBe(1_000_000n);
    expect(await db().lookup.findUniqueOrThrow({ where: { id: hold! } })).toMatchObject({ status: "released" });
    // Released once: a second run moves nothing.
    expect(await releaseStaleLookups(new Date(Date.now() + 120_000))).toBe(0);
  });
});
