// A free account adding domains in a loop: each add makes an RSA key, so the
// adds are limited per minute and in total, made off the event loop, and
// abandoned ones expire.
import { describe, expect, it } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { performance } from "node:perf_hooks";
import { api, apiCustomer, awayFromMinuteEdge } from "../../../test/api";
import { warmConformance } from "../../../test/openapi-conformance";
import { openApiDocument } from "../../http/openapi/serve-openapi";
import { db } from "../../db/client";
import { addDomain } from "./add-domain";
import { DOMAIN_LIMITS } from "./domain-limits";
import { expirePendingDomains } from "./expire-pending-domains";

/**
 * How long the event loop was busy (not waiting) while `work` ran: a key made
 * on the loop keeps it busy for the whole key; one made on the thread pool
 * leaves it waiting. Busy time, unlike the gaps between timer ticks, does not
 * grow when the machine is merely crowded.
 */
async function loopBusyMs(work: () => Promise<unknown>): Promise<number> {
  const before = performance.eventLoopUtilization();
  await work();
  return performance.eventLoopUtilization(before).active;
}

describe("adding domains in a loop", () => {
  it("lets 5 a minute through, answers the rest 429 with Retry-After, and makes the keys off the event loop", async () => {
    const c = await apiCustomer();
    const stamp = c.accountId.slice(5, 12).toLowerCase();
    // The test client checks every answer against the OpenAPI document: compile those checks outside the measure.
    warmConformance(openApiDocument(), "POST", "/api/v1/domains");
    const answers: Awaited<ReturnType<typeof api>>[] = [];
    await awayFromMinuteEdge(); // twenty adds that straddle a minute would open a second window
    const busy = await loopBusyMs(async () => {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            api("POST", "/api/v1/domains", { key: c.testKey, body: { name: `loop${i}-${stamp}.example.com` } }),
          ),
        )),
      );
    });
    expect(answers.filter((a) => a.status === 201)).toHaveLength(DOMAIN_LIMITS.perMinute);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20 - DOMAIN_LIMITS.perMinute);
    expect(refused[0]!.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", limit: 5, remaining: 0 });
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await db().senderDomain.count({ where: { accountId: c.accountId } })).toBe(DOMAIN_LIMITS.perMinute);

    // What one key costs the loop when made on it (the fastest of three). Made there, the five adds above would keep
    // it busy at least five times that, plus the requests' own work (ten, measured); off the loop they keep it busy
    // for about one and a half alone, up to four and a half with the whole suite crowding two cores.
    const onLoop = Math.min(
      ...[1, 2, 3].map(() => {
        const started = performance.now();
        generateKeyPairSync("rsa", { modulusLength: 2048 });
        return performance.now() - started;
      }),
    );
    expect(busy).toBeLessThan(5 * onLoop);
  });

  it("stops at the account's total with CONFLICT domain_limit, and removes a domain left unverified for a week", async () => {
    const c = await apiCustomer();
    const stamp = c.accountId.slice(5, 12).toLowerCase();
    // The test client checks every answer against the OpenAPI document: compile those checks outside the measure.
    warmConformance(openApiDocument(), "POST", "/api/v1/domains");
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
