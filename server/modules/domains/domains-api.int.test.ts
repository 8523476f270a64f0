import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { TestDnsServer } from "../../../test/dns-server";
import { db } from "../../db/client";
import { configure } from "../../config/config";

const dnsServer = new TestDnsServer();
let restore = () => {};
beforeAll(async () => {
  await dnsServer.start();
  restore = configure({ KASA_DNS_SERVERS: dnsServer.address });
});
afterAll(async () => {
  restore();
  await dnsServer.stop();
});

describe("/api/v1/domains", () => {
  it("adds a domain, verifies it once DKIM and the bounce host's MX and SPF are published in DNS, and makes it primary", async () => {
    const c = await apiCustomer();
    const name = `shop-${c.accountId.slice(5, 12).toLowerCase()}.example.com`;
    const added = await api("POST", "/api/v1/domains", { key: c.testKey, body: { name } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name, status: "pending", primary: false });
    const records = added.body.data.dns_records as { purpose: string; name: string; value: string }[];

    const early = await api("POST", "/api/v1/domains/verify", { key: c.testKey, body: { id: added.body.data.id } });
    expect(early.body.data).toMatchObject({ status: "pending" });
    type Check = { purpose: string; name: string; required: boolean; found: boolean };
    expect(early.body.data.dns_records.map((r: Check) => [r.purpose, r.name, r.required, r.found])).toEqual([
      ["dkim", `kasa1._domainkey.${name}`, true, false],
      ["return_path", `send.${name}`, true, false],
      ["spf", `send.${name}`, true, false],
      ["dmarc", `_dmarc.${name}`, false, false],
      ["mx", name, false, false],
    ]);

    // DKIM alone is not enough: bounces would have nowhere to go.
    for (const purpose of ["dkim", "spf"]) {
      const record = records.find((r) => r.purpose === purpose)!;
      dnsServer.publishTxt(record.name, record.value);
    }
    const half = await api("POST", "/api/v1/domains/verify", { key: c.testKey, body: { id: added.body.data.id } });
    expect(half.body.data.status).toBe("pending");
    dnsServer.publishMx(`send.${name}`, records.find((r) => r.purpose === "return_path")!.value);
    const verified = await api("POST", "/api/v1/domains/verify", { key: c.testKey, body: { id: added.body.data.id } });
    expect(verified.body.data).toMatchObject({ status: "verified", primary: true });
    expect(await db().senderDomain.findUniqueOrThrow({ where: { id: added.body.data.id } })).toMatchObject({
      verifiedBy: "dns",
      returnPathHost: `send.${name}`,
    });
    // The customer's own MX was never asked for.
    expect(verified.body.data.dns_records.find((r: Check) => r.purpose === "mx")).toMatchObject({ found: false });

    const listed = await api("GET", "/api/v1/domains", { key: c.testKey });
    expect(listed.body.data.domains).toEqual([expect.objectContaining({ name, status: "verified", primary: true })]);
    // Now mail can go out from it.
    const sent = await api("POST", "/api/v1/email/send", {
      key: c.testKey,
      body: { to: "a@example.org", subject: "s", text: "t" },
    });
    expect(sent.body.data.from).toBe(`noreply@${name}`);
  });

  it("answers availability without naming the holder, and CONFLICT with a reason when adding a held domain", async () => {
    const a = await apiCustomer();
    const b = await apiCustomer();
    const name = `held-${a.accountId.slice(5, 12).toLowerCase()}.example.com`;
    expect((await api("GET", `/api/v1/domains/check?name=${name}`, { key: a.testKey })).body.data).toEqual({
      name,
      available: true,
    });
    await api("POST", "/api/v1/domains", { key: a.testKey, body: { name } });
    expect((await api("GET", `/api/v1/domains/check?name=${name}`, { key: a.testKey })).body.data).toEqual({
      name,
      available: false,
      reason: "taken_by_you",
    });
    expect((await api("GET", `/api/v1/domains/check?name=${name}`, { key: b.testKey })).body.data).toEqual({
      name,
      available: false,
      reason: "taken",
    });
    const conflict = await api("POST", "/api/v1/domains", { key: b.testKey, body: { name } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: "CONFLICT", reason: "taken" });
    expect((await api("GET", "/api/v1/domains/check", { key: a.testKey })).body.error).toMatchObject({
      code: "MISSING_FIELD",
      message: "Missing required field: name",
    });
  });

  it("deletes only the account's own domains: MISSING_ID, and NOT_FOUND for another account's id", async () => {
    const a = await apiCustomer();
    const b = await apiCustomer();
    const added = await api("POST", "/api/v1/domains", {
      key: a.testKey,
      body: { name: `del-${a.accountId.slice(5, 12).toLowerCase()}.example.com` },
    });
    expect((await api("DELETE", "/api/v1/domains", { key: a.testKey })).body.error.code).toBe("MISSING_ID");
    const foreign = await api("DELETE", `/api/v1/domains?id=${added.body.data.id}`, { key: b.testKey });
    expect(foreign.status).toBe(404);
    expect((await api("DELETE", `/api/v1/domains?id=${added.body.data.id}`, { key: a.testKey })).body.data).toEqual({
      id: added.body.data.id,
      deleted: true,
    });
    expect(await db().senderDomain.count({ where: { accountId: a.accountId } })).toBe(0);
  });

  it("needs the domains:manage scope", async () => {
    const c = await apiCustomer();
    await db().apiKey.update({ where: { id: c.testKeyId }, data: { scopes: ["sms:send"] } });
    const { forgetCachedKeys } = await import("../keys/resolve-api-key");
    forgetCachedKeys();
    const res = await api("GET", "/api/v1/domains", { key: c.testKey });
    expect(res.body.error).toMatchObject({ code: "FORBIDDEN", required_permission: "domains:manage" });
  });
});
