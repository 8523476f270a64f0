import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { api, apiCustomer } from "../../test/api";
import { adminRun } from "../../test/run-admin";

describe("operator CLI for USSD codes", () => {
  it("ussd-code assign gives an account a live code, audited, its secret not printed; a taken or bad code changes nothing", async () => {
    const c = await apiCustomer();
    const code = `*920*${Math.floor(Math.random() * 1e6)}#`;
    const run = await adminRun("ussd-code", "assign", "--account", c.accountId, "--code", code, "--json");
    expect(run.code, run.stderr).toBe(0);
    const shown = JSON.parse(run.stdout).code;
    expect(shown).toMatchObject({ service_code: code, mode: "live", kind: "extension" });
    expect(run.stdout).not.toContain("whsec_");
    const listed = await api("GET", "/api/v1/ussd/codes", { key: c.liveKey });
    expect(listed.body.data.codes.map((k: { service_code: string }) => k.service_code)).toContain(code);
    expect(await db().auditEvent.count({ where: { accountId: c.accountId, action: "ussd_code.assigned" } })).toBe(1);
    // The account cannot release it: staff assigned it.
    const release = await api("DELETE", `/api/v1/ussd/codes/${shown.id}`, { key: c.liveKey });
    expect(release.status).toBe(409);

    const other = await apiCustomer();
    const taken = await adminRun("ussd-code", "assign", "--account", other.accountId, "--code", code);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain("another account's");
    const bad = await adminRun("ussd-code", "assign", "--account", other.accountId, "--code", "920#");
    expect(bad.code).toBe(2);
    expect(await db().ussdCode.count({ where: { accountId: other.accountId } })).toBe(0);
  });
});
