import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "./idempotency-key";
import { apiCustomer } from "../../../test/api";
import { purgeExpiredHistory } from "../operations/purge-expired-history";

describe("idempotency keys", () => {
  it("are scoped to account, mode and service", async () => {
    const a = await apiCustomer();
    const b = await apiCustomer();
    const base = { accountId: a.accountId, mode: "live" as const, service: "sms", key: "same" };
    expect(await claimIdempotencyKey(base, "h")).toMatchObject({ outcome: "claimed" });
    expect(await claimIdempotencyKey({ ...base, accountId: b.accountId }, "h")).toMatchObject({ outcome: "claimed" });
    expect(await claimIdempotencyKey({ ...base, mode: "test" }, "h")).toMatchObject({ outcome: "claimed" });
    expect(await claimIdempotencyKey({ ...base, service: "email" }, "h")).toMatchObject({ outcome: "claimed" });
    expect(await claimIdempotencyKey(base, "h")).toEqual({ outcome: "in_progress" });
  });

  it("replay the stored answer once done, and free the key when released", async () => {
    const { accountId } = await apiCustomer();
    const scope = { accountId, mode: "live" as const, service: "sms", key: "k" };
    await claimIdempotencyKey(scope, "h");
    await completeIdempotencyKey({ scope, status: 200, body: { success: true, data: { transaction_id: "sms_x_y" } } });
    expect(await claimIdempotencyKey(scope, "h")).toEqual({
      outcome: "replay",
      status: 200,
      body: { success: true, data: { transaction_id: "sms_x_y" } },
    });
    const other = { ...scope, key: "released" };
    await claimIdempotencyKey(other, "h");
    await releaseIdempotencyKey(other);
    expect(await claimIdempotencyKey(other, "h")).toMatchObject({ outcome: "claimed" });
  });

  it("recover a claim left by a crashed process once its lock times out, and forget keys after 24 hours", async () => {
    const { accountId } = await apiCustomer();
    const scope = { accountId, mode: "live" as const, service: "sms", key: "crashed" };
    await claimIdempotencyKey(scope, "h");
    expect(await claimIdempotencyKey(scope, "h")).toEqual({ outcome: "in_progress" });
    await db().idempotencyKey.update({
      where: { accountId_mode_service_key: scope },
      data: { lockedUntil: new Date(Date.now() - 1) },
    });
    expect(await claimIdempotencyKey(scope, "h")).toMatchObject({ outcome: "claimed" });

    const old = { ...scope, key: "old" };
    await claimIdempotencyKey(old, "h");
    await completeIdempotencyKey({ scope: old, status: 200, body: {} });
    await db().idempotencyKey.update({
      where: { accountId_mode_service_key: old },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await claimIdempotencyKey(old, "other")).toMatchObject({ outcome: "claimed" }); // expired: a new request
    await completeIdempotencyKey({ scope: old, status: 200, body: {} });
    await db().idempotencyKey.update({
      where: { accountId_mode_service_key: old },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await purgeExpiredHistory()).toBeGreaterThanOrEqual(1);
    expect(await db().idempotencyKey.findUnique({ where: { accountId_mode_service_key: old } })).toBeNull();
  });
});
