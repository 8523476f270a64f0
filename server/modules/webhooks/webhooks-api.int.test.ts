import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { unseal } from "../../lib/seal";

const HOOK = "https://93.184.216.34/kasa/events"; // a public address literal: no DNS needed here

describe("/api/v1/webhooks", () => {
  it("registers one endpoint per account, returns a generated whsec_ secret once, and updates on a second registration", async () => {
    const c = await apiCustomer();
    const first = await api("POST", "/api/v1/webhooks", {
      key: c.testKey,
      body: { url: HOOK, events: ["sms.delivered", "email.bounced"] },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: HOOK,
      events: ["sms.delivered", "email.bounced"],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      mode: "both",
      active: true,
      created_at: expect.any(String),
    });
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: first.body.data.id } });
    expect(row.secret).not.toContain(first.body.data.secret);
    expect(unseal(row.secret)).toBe(first.body.data.secret);

    const second = await api("POST", "/api/v1/webhooks", {
      key: c.testKey,
      body: { url: `${HOOK}/v2`, events: ["*"], secret: "my-own-signing-secret-123" },
    });
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      url: `${HOOK}/v2`,
      events: ["*"],
      secret: "my-own-signing-secret-123",
    });
    expect(await db().webhookEndpoint.count({ where: { accountId: c.accountId } })).toBe(1);

    const listed = await api("GET", "/api/v1/webhooks", { key: c.testKey });
    expect(listed.body.data.webhooks).toEqual([
      expect.objectContaining({ id: first.body.data.id, url: `${HOOK}/v2`, events: ["*"], active: true }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain("my-own-signing-secret-123");
  });

  it("answers INVALID_URL, INVALID_EVENTS (naming the valid ones) and MISSING_ID, writing nothing", async () => {
    const c = await apiCustomer();
    const cases: [object, string, RegExp?][] = [
      [{ events: ["*"] }, "INVALID_URL"],
      [{ url: "http://93.184.216.34/hook", events: ["*"] }, "INVALID_URL", /https/],
      [{ url: "https://127.0.0.1/hook", events: ["*"] }, "INVALID_URL", /loopback/],
      [{ url: "https://169.254.169.254/latest/meta-data", events: ["*"] }, "INVALID_URL"],
      [{ url: "https://[::ffff:10.0.0.1]/hook", events: ["*"] }, "INVALID_URL"],
      [{ url: HOOK, events: [] }, "INVALID_EVENTS", /email\.sent/],
      [{ url: HOOK }, "INVALID_EVENTS"],
      [{ url: HOOK, events: ["sms.sent", "sms.exploded"] }, "INVALID_EVENTS", /sms\.exploded/],
    ];
    for (const [body, code, message] of cases) {
      const res = await api("POST", "/api/v1/webhooks", { key: c.testKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
      if (message) expect(res.body.error.message).toMatch(message);
    }
    expect(await db().webhookEndpoint.count({ where: { accountId: c.accountId } })).toBe(0);
    expect((await api("DELETE", "/api/v1/webhooks", { key: c.testKey })).body.error.code).toBe("MISSING_ID");
  });

  it("deletes only the account's own endpoint", async () => {
    const a = await apiCustomer();
    const b = await apiCustomer();
    const made = await api("POST", "/api/v1/webhooks", { key: a.testKey, body: { url: HOOK, events: ["*"] } });
    const foreign = await api("DELETE", `/api/v1/webhooks?id=${made.body.data.id}`, { key: b.testKey });
    expect(foreign.status).toBe(404);
    expect((await api("DELETE", `/api/v1/webhooks?id=not-a-uuid`, { key: a.testKey })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/webhooks?id=${made.body.data.id}`, { key: a.testKey })).body.data).toEqual({
      id: made.body.data.id,
      deleted: true,
    });
    expect(await db().webhookEndpoint.count({ where: { accountId: a.accountId } })).toBe(0);
  });
});
