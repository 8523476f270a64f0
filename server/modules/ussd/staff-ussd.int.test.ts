import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { callerFor } from "../../../test/trpc-caller";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { seal } from "../../lib/seal";

/** A staff user with a second factor (the console moves money: staff without one are no staff). */
async function staffCaller() {
  const user = await db().user.create({
    data: {
      id: newId("usr"),
      email: `staff-${Date.now()}@kasa.test`,
      isStaff: true,
      emailVerifiedAt: new Date(),
      totpSecret: seal("JBSWY3DPEHPK3PXP"),
      totpEnabledAt: new Date(),
    },
  });
  return callerFor(user.id);
}

describe("USSD in the staff console", () => {
  it("shows an account's codes (no secrets) and sessions, and assigns a code with a reason, audited", async () => {
    const c = await apiCustomer();
    const sandbox = (await api("GET", "/api/v1/ussd/codes", { key: c.testKey })).body.data.codes[0];
    await api("POST", "/api/v1/ussd/simulate", {
      key: c.testKey,
      body: { service_code: sandbox.service_code, phone_number: "+233241234567" },
    });
    const staff = await staffCaller();
    const seen = await staff.staff.ussd({ id: c.accountId });
    expect(seen.codes).toEqual([
      expect.objectContaining({ service_code: sandbox.service_code, mode: "test", kind: "sandbox", sessions_7d: 1 }),
    ]);
    expect(JSON.stringify(seen)).not.toContain("whsec_");
    expect(seen.sessions).toEqual([
      expect.objectContaining({ ended_reason: "app_error", phone_number: "+233241234567" }),
    ]);

    const code = `*713${Math.floor(Math.random() * 1e4)}#`;
    await expect(
      staff.staff.assignUssdCode({ accountId: c.accountId, code, mode: "live", reason: "" }),
    ).rejects.toThrow(/reason/i);
    expect(await db().ussdCode.count({ where: { accountId: c.accountId } })).toBe(1);
    const assigned = await staff.staff.assignUssdCode({
      accountId: c.accountId,
      code,
      mode: "live",
      reason: "Carrier routed it to us (ticket 42)",
    });
    expect(assigned).toMatchObject({ service_code: code, mode: "live", kind: "dedicated" });
    expect(
      await db().auditEvent.findFirst({ where: { accountId: c.accountId, action: "ussd_code.assigned" } }),
    ).toMatchObject({ reason: "Carrier routed it to us (ticket 42)" });
    await expect(
      staff.staff.assignUssdCode({ accountId: c.accountId, code: "*384*999#", mode: "live", reason: "try" }),
    ).rejects.toThrow(/shared test code/);

    // Anyone else is told there is no such procedure.
    const owner = await db().membership.findFirstOrThrow({ where: { accountId: c.accountId } });
    await expect((await callerFor(owner.userId)).staff.ussd({ id: c.accountId })).rejects.toThrow(/No procedure/);
  });
});
