// Verify's fraud guard: what SMS pumping tries is refused before anything is
// written, sent or charged; a block of numbers whose codes stop being approved
// is paused, its owners told, and an owner can lift it.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { db, sql } from "../../db/client";
import { setVerifyCountries } from "./geo-permissions";
import { liftVerifyBlock } from "./lift-verify-block";

const smsc = useLocalSmsc();

describe("the fraud guard of verify/send", () => {
  it("refuses premium-rate and unknown ranges and countries outside the account's list, changing nothing", async () => {
    const c = await apiCustomer({ balance: 2 });
    const before = await footprint(c.accountId);
    const submitted = smsc.submitted.length;

    const premium = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+449098790000" } });
    expect(premium.status).toBe(403);
    expect(premium.body.error).toMatchObject({ code: "FORBIDDEN", reason: "number_type", number_type: "premium_rate" });

    // A British mobile: a real number, but not in the default list (the countries of the local African route).
    const abroad = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+447400123456" } });
    expect(abroad.status).toBe(403);
    expect(abroad.body.error).toMatchObject({ code: "FORBIDDEN", reason: "geo_permission", country: "GB" });

    const malformed = await api("POST", "/api/v1/verify/send", {
      key: c.liveKey,
      body: { to: "+233241", code_length: 3 },
    });
    expect(malformed.status).toBe(400);
    expect(await footprint(c.accountId)).toEqual(before);
    expect(smsc.submitted.length).toBe(submitted);

    // Turned on, the same country is allowed; turned off again (a list without it), refused.
    await setVerifyCountries({ accountId: c.accountId, countries: ["GB", "GH"], actor: "test" });
    expect((await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+447400123456" } })).status).toBe(
      200,
    );
    await setVerifyCountries({ accountId: c.accountId, countries: ["GB"], actor: "test" });
    const ghana = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233241110100" } });
    expect(ghana.body.error).toMatchObject({ reason: "geo_permission", country: "GH" });
  });

  it("limits new verifications per destination in an hour", async () => {
    const c = await apiCustomer();
    for (let i = 0; i < 5; i++) {
      const sent = await api("POST", "/api/v1/verify/send", { key: c.testKey, body: { to: "+233241110200" } });
      expect(sent.status).toBe(200);
      // Each one approved, so the next send starts a new verification rather than resending.
      await sql().query(`UPDATE verifications SET status = 'approved' WHERE id = $1`, [sent.body.data.verification_id]);
    }
    const sixth = await api("POST", "/api/v1/verify/send", { key: c.testKey, body: { to: "+233241110200" } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", limit: 5 });
    expect(sixth.body.error.retryAfter).toBeGreaterThan(3000);
  });

  it("pauses a number block whose codes stop being approved, tells the owners, and lets an owner lift it", async () => {
    const c = await apiCustomer({ balance: 5 });
    // Pumping: codes to twenty numbers of one block, none of them ever typed back.
    for (let i = 0; i < 20; i++) {
      const to = `+23324333${String(i).padStart(4, "0")}`;
      expect((await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to } })).status).toBe(200);
    }
    // Two and a half minutes later (each one had time to be typed back)...
    await sql().query(
      `UPDATE verifications SET created_at = created_at - interval '150 seconds' WHERE account_id = $1`,
      [c.accountId],
    );
    const before = await footprint(c.accountId);
    const submitted = smsc.submitted.length;
    const next = await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233243330099" } });
    expect(next.status).toBe(403);
    expect(next.body.error).toMatchObject({ code: "FORBIDDEN", reason: "fraud_guard", prefix: "+23324333" });
    expect(smsc.submitted.length).toBe(submitted);
    const after = await footprint(c.accountId);
    expect(after).toEqual({ ...before, events: before.events + 1 }); // verify.blocked, nothing else
    const event = await db().event.findFirstOrThrow({ where: { accountId: c.accountId, event: "verify.blocked" } });
    expect(event.data).toMatchObject({ prefix: "+23324333", country: "GH", sampled: 20, approved: 0 });
    expect(event.livemode).toBe(true);

    // Another block of numbers is not affected; the paused one stays paused, without a second block or event.
    expect((await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233244440001" } })).status).toBe(
      200,
    );
    expect((await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233243330098" } })).status).toBe(
      403,
    );
    expect(await db().verifyBlock.count({ where: { accountId: c.accountId } })).toBe(1);

    // Lifted, the block takes codes again: the sample starts afresh.
    const block = await db().verifyBlock.findFirstOrThrow({ where: { accountId: c.accountId } });
    await liftVerifyBlock({ accountId: c.accountId, blockId: block.id, actor: "usr_test" });
    expect((await api("POST", "/api/v1/verify/send", { key: c.liveKey, body: { to: "+233243330097" } })).status).toBe(
      200,
    );
  });

  it("keeps an approved block open: conversion above a fifth never trips", async () => {
    const c = await apiCustomer();
    for (let i = 0; i < 20; i++) {
      const sent = await api("POST", "/api/v1/verify/send", {
        key: c.testKey,
        body: { to: `+23324555${String(i).padStart(4, "0")}` },
      });
      if (i % 4 === 0)
        await sql().query(`UPDATE verifications SET status = 'approved' WHERE id = $1`, [
          sent.body.data.verification_id,
        ]);
    }
    await sql().query(
      `UPDATE verifications SET created_at = created_at - interval '150 seconds' WHERE account_id = $1`,
      [c.accountId],
    );
    // 5 of 20 approved (25%): not pumping.
    expect((await api("POST", "/api/v1/verify/send", { key: c.testKey, body: { to: "+233245550099" } })).status).toBe(
      200,
    );
  });
});
