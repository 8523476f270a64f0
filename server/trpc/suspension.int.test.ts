import { callerFor } from "../../test/trpc-caller";
// Suspension once stopped only the API: members of a suspended account could
// still buy live airtime, create keys and start verifications from the
// dashboard. Every dashboard path that spends or sends is now refused, and the
// dashboard's live purchases count against the plan's limits like the API's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinClockForThisTest } from "../../test/clock";
import { db } from "../db/client";
import { signedUpCustomer } from "../../test/factories";
import { rowCounts } from "../../test/row-counts";
import { useFakeReloadly } from "../../test/fake-topup-providers";

const reloadly = useFakeReloadly({ beforeAll, afterAll });

describe("a suspended account on the dashboard", () => {
  it("cannot spend or send; it can still read, pay in and remove", async () => {
    const { userId, accountId } = await signedUpCustomer("suspended");
    await db().account.update({ where: { id: accountId }, data: { status: "suspended", balanceMicros: 10_000_000n } });
    const me = await callerFor(userId);
    const before = await rowCounts();
    const refused = { code: "FORBIDDEN", cause: expect.objectContaining({ code: "ACCOUNT_SUSPENDED" }) };

    await expect(me.keys.create({ accountId, name: "ci", mode: "live" })).rejects.toMatchObject(refused);
    await expect(
      me.topups.buyAirtime({ accountId, mode: "live", phone_number: "+233241234567", amount: 5, operatorId: 1 }),
    ).rejects.toMatchObject(refused);
    await expect(
      me.topups.buyData({ accountId, mode: "live", phone_number: "0241234567", network: "mtn", capacity_gb: 1 }),
    ).rejects.toMatchObject(refused);
    await expect(me.senders.startNumber({ accountId, number: "+233201119999" })).rejects.toMatchObject(refused);
    await expect(
      me.domains.add({ accountId, name: `s-${accountId.slice(5, 12).toLowerCase()}.example.com` }),
    ).rejects.toMatchObject(refused);
    await expect(me.webhooks.sendTest({ accountId })).rejects.toMatchObject(refused);
    expect(await rowCounts()).toEqual(before);

    expect(await me.keys.list({ accountId })).toHaveLength(1);
    const [key] = await me.keys.list({ accountId });
    await me.keys.revoke({ accountId, keyId: key!.id });
    expect((await me.keys.list({ accountId })).filter((k) => k.revokedAt)).toHaveLength(1);
  });

  it("counts a live dashboard purchase against the plan's limits: at the limit it is refused before the provider", async () => {
    const { userId, accountId } = await signedUpCustomer("limited");
    await db().account.update({ where: { id: accountId }, data: { balanceMicros: 100_000_000n } });
    const me = await callerFor(userId);
    pinClockForThisTest(); // Pinned: the minute counter set below must still be this minute's when the buy reads it
    const buy = () =>
      me.topups.buyData({ accountId, mode: "live", phone_number: "0241234567", network: "mtn", capacity_gb: 1 });
    await buy();
    const counter = () =>
      db().rateCounter.findUniqueOrThrow({ where: { accountId_service: { accountId, service: "data" } } });
    expect((await counter()).minuteCount).toBe(1);

    const account = await db().account.findUniqueOrThrow({ where: { id: accountId } });
    const limit = await db().planLimit.findFirstOrThrow({ where: { planId: account.planId, service: "data" } });
    await db().rateCounter.update({
      where: { accountId_service: { accountId, service: "data" } },
      data: { minuteCount: limit.perMinute },
    });
    const calls = reloadly.topupCalls;
    await expect(buy()).rejects.toMatchObject({ cause: expect.objectContaining({ code: "RATE_LIMIT_EXCEEDED" }) });
    expect(reloadly.topupCalls).toBe(calls);
    expect(await db().topup.count({ where: { accountId } })).toBe(1);
  });
});
