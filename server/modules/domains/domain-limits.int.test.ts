// A free account adding domains in a loop: each add makes an RSA key, so the
// adds are limited per minute and in total, and abandoned ones expire. (The
// keys are made off the event loop: the lint forbids the sync forms.)
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { addDomain } from "./add-domain";
import { DOMAIN_LIMITS } from "./domain-limits";
import { expirePendingDomains } from "./expire-pending-domains";

describe("adding domains in a loop", () => {
  it("lets 5 a minute through and answers the rest 429 with Retry-After", async () => {
    const c = await apiCustomer();
    const stamp = c.accountId.slice(5, 12).toLowerCase();
    // The window slides (the last minute's adds), so twenty at once cannot straddle two windows.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("POST", "/api/v1/domains", { key: c.testKey, body: { name: `loop${i}-${stamp}.example.com` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(DOMAIN_LIMITS.perMinute);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20 - DOMAIN_LIMITS.perMinute);
    expect(refused[0]!.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", limit: 5, remaining: 0 });
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await db().senderDomain.count({ where: { accountId: c.accountId } })).toBe(DOMAIN_LIMITS.perMinute);
  });

  it("stops at the account's total with CONFLICT domain_limit, and removes a domain left unverified for a week", async () => {
    const c = await apiCustomer();
    const stamp = c.accountId.slice(5, 12).toLowerCase();
    const rows = Array.from({ length: DOMAIN_LIMITS.total }, (_, i) => ({
      id: `dom_cap${i}${stamp}`,
      accountId: c.accountId,
      name: `cap${i}-${stamp}.example.com`,
      dkimSelector: "kasa1",
      dkimPrivateKey: "not-a-key",
      dkimPublicKey: "not-a-key",
      createdAt: new Date(Date.now() - 3_600_000),
    }));
    await db().senderDomain.createMany({ data: rows });
    const over = await api("POST", "/api/v1/domains", {
      key: c.testKey,
      body: { name: `one-more-${stamp}.example.com` },
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: "CONFLICT", reason: "domain_limit", limit: DOMAIN_LIMITS.total });

    await db().senderDomain.update({
      where: { id: rows[0]!.id },
      data: { createdAt: new Date(Date.now() - (DOMAIN_LIMITS.pendingDays + 1) * 86_400_000) },
    });
    expect(await expirePendingDomains()).toBeGreaterThanOrEqual(1);
    expect(await db().senderDomain.findUnique({ where: { id: rows[0]!.id } })).toBeNull();
    expect(
      await db().auditEvent.findFirst({ where: { target: rows[0]!.id, action: "domain.expired" } }),
    ).not.toBeNull();
    expect(
      (await api("POST", "/api/v1/domains", { key: c.testKey, body: { name: `one-more-${stamp}.example.com` } }))
        .status,
    ).toBe(201);
    // Support's override is not limited.
    await expect(
      addDomain({ accountId: c.accountId, name: `staff-${stamp}.example.com`, verifiedBy: "staff" }),
    ).resolves.toMatchObject({ status: "verified" });
  });
});
