// The Verify page's procedures: every member reads them; only owners choose the countries or lift a block. The
// figures come from the day counters, so they match what the API did.
import { describe, expect, it } from "vitest";
import { callerFor } from "../../../test/trpc-caller";
import { signedUpCustomer } from "../../../test/factories";
import { api } from "../../../test/api";
import { db, sql } from "../../db/client";
import { createApiKey } from "../../modules/keys/create-api-key";

describe("verify procedures", () => {
  it("show the figures and the list to any member, and let only owners change countries or lift blocks", async () => {
    const owner = await signedUpCustomer("verify-owner");
    const viewer = await signedUpCustomer("verify-viewer");
    await db().membership.create({ data: { accountId: owner.accountId, userId: viewer.userId, role: "viewer" } });
    const key = (await createApiKey({ accountId: owner.accountId, name: "t", mode: "test" })).key;

    const sent = await api("POST", "/api/v1/verify/send", { key, body: { to: "+233241119001" } });
    await api("POST", "/api/v1/verify/send", { key, body: { to: "someone@example.com" } });
    const asViewer = await callerFor(viewer.userId);
    const list = await asViewer.verify.list({ accountId: owner.accountId, mode: "test" });
    expect(list.items.map((v) => v.channel).sort()).toEqual(["email", "sms"]);
    const code = list.items.find((v) => v.id === sent.body.data.verification_id)!.testCode!;
    await api("POST", "/api/v1/verify/check", { key, body: { verification_id: sent.body.data.verification_id, code } });

    const stats = await asViewer.verify.stats({ accountId: owner.accountId, mode: "test" });
    expect(stats).toMatchObject({ sent: 2, approved: 1, conversion: 0.5 });
    expect(stats.perCountry).toEqual([
      expect.objectContaining({ name: expect.any(String), sent: 1 }),
      expect.objectContaining({ sent: 1 }),
    ]);
    expect(stats.perCountry.find((c) => c.place === "GH")).toMatchObject({ name: "Ghana", approved: 1 });
    expect((await asViewer.verify.stats({ accountId: owner.accountId, mode: "live" })).sent).toBe(0);
    expect(
      (await asViewer.verify.list({ accountId: owner.accountId, mode: "test", status: "approved" })).items,
    ).toHaveLength(1);

    await expect(asViewer.verify.setGeo({ accountId: owner.accountId, countries: ["US"] })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const asOwner = await callerFor(owner.userId);
    expect((await asOwner.verify.geo({ accountId: owner.accountId })).isDefault).toBe(true);
    await asOwner.verify.setGeo({ accountId: owner.accountId, countries: ["US", "GH"] });
    expect(await asViewer.verify.geo({ accountId: owner.accountId })).toMatchObject({
      countries: ["GH", "US"],
      isDefault: false,
    });

    await sql().query(
      `INSERT INTO verify_blocks (id, account_id, mode, prefix, country_iso, sampled, approved, blocked_until)
       VALUES ('vbk_test_block', $1, 'test', '+23324111', 'GH', 20, 0, now() + interval '1 day')`,
      [owner.accountId],
    );
    const blocks = await asViewer.verify.blocks({ accountId: owner.accountId, mode: "test" });
    expect(blocks).toEqual([expect.objectContaining({ id: "vbk_test_block", active: true })]);
    await expect(
      asViewer.verify.liftBlock({ accountId: owner.accountId, blockId: "vbk_test_block" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await asOwner.verify.liftBlock({ accountId: owner.accountId, blockId: "vbk_test_block" });
    expect((await asOwner.verify.blocks({ accountId: owner.accountId, mode: "test" }))[0]!.active).toBe(false);
    const audit = await db().auditEvent.findMany({
      where: { accountId: owner.accountId, action: { startsWith: "verify." } },
    });
    expect(audit.map((a) => a.action).sort()).toEqual(["verify.block_lifted", "verify.countries_set"]);
  });
});
