// GET /api/v1/analytics/{channel} over the front `npm start` serves: messages sent through the API, their receipts
// applied by the worker's job, then the figures a customer reads: by network, by reason, by day, with delivery
// times; a test key reads test traffic only, and a grouping the channel lacks is refused naming what it conflicts with.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, emailSender, footprint } from "../../test/api";
import { useLocalSmsc } from "../../test/use-local-smsc";
import { applySandboxReceipts } from "../modules/sms/apply-sandbox-receipts";
import { createApiKey } from "../modules/keys/create-api-key";
import { recordEngagement } from "../modules/email/tracking/record-engagement";
import { foldDeliveryCounts } from "../modules/insights/fold-delivery-counts";
import { db } from "../db/client";

useLocalSmsc();

const send = (key: string, to: string) => api("POST", "/api/v1/sms/send", { key, body: { to, message: "Counted" } });

describe("GET /api/v1/analytics/{channel}", () => {
  it("answers what became of the account's SMS: by network, by reason, by day, with delivery times", async () => {
    const c = await apiCustomer({ balance: 5 });
    for (const to of ["+233200000001", "+233200000001", "+233200000005", "+233241000002"])
      expect((await send(c.testKey, to)).status).toBe(200);
    expect((await send(c.liveKey, "+233241234567")).status).toBe(200);
    await applySandboxReceipts({ limit: 1000, at: new Date(Date.now() + 60_000) });

    const byNetwork = await api("GET", "/api/v1/analytics/sms?group_by=network", { key: c.testKey });
    expect(byNetwork.status, JSON.stringify(byNetwork.body)).toBe(200);
    const data = byNetwork.body.data;
    expect(data).toMatchObject({ channel: "sms", mode: "test", group_by: "network" });
    expect(data.summary).toMatchObject({ total: 4, left: 4 });
    expect(data.summary.outcomes.failed).toBe(1);
    expect(data.summary.outcomes.delivered).toBe(3);
    expect(data.summary.rates.delivered).toBe(0.75);
    expect(data.summary.delivery_time.p50_s).toBeGreaterThanOrEqual(0);
    expect(data.groups.map((g: { key: string; total: number }) => [g.key, g.total])).toEqual([
      ["telecel", 3],
      ["mtn", 1],
    ]);

    const byReason = await api("GET", "/api/v1/analytics/sms?group_by=reason", { key: c.testKey });
    expect(byReason.body.data.groups).toHaveLength(1);
    expect(byReason.body.data.groups[0]).toMatchObject({ total: 1, outcomes: { failed: 1 } });
    expect(byReason.body.data.summary.total).toBe(4);

    // Folded or not, the answer is the same; a day's group holds the day's messages, empty days are there too.
    await foldDeliveryCounts();
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await api("GET", `/api/v1/analytics/sms?group_by=day&from=${today}&to=${today}&network=telecel`, {
      key: c.testKey,
    });
    expect(byDay.body.data.groups).toEqual([expect.objectContaining({ key: today, total: 3 })]);
    // By default the last 7 UTC days, today's so far the last.
    const week = await api("GET", "/api/v1/analytics/sms", { key: c.testKey });
    expect(week.body.data.groups).toHaveLength(7);
    expect(week.body.data.groups.at(-1)).toMatchObject({ key: today, total: 4 });

    const live = await api("GET", "/api/v1/analytics/sms?group_by=country", { key: c.liveKey });
    expect(live.body.data).toMatchObject({ mode: "live", summary: { total: 1 } });
    expect(live.body.data.groups).toEqual([expect.objectContaining({ key: "GH", total: 1 })]);
  });

  it("counts an email's first open once, however many opens come", async () => {
    const c = await emailSender("opens", 5);
    const sent = await api("POST", "/api/v1/email/send", {
      key: c.testKey,
      body: { from: `Kasa <hello@${c.domain.name}>`, to: "reader@example.org", subject: "Hi", text: "Hello" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const email = await db().emailMessage.findFirstOrThrow({ where: { accountId: c.accountId } });
    await Promise.all([1, 2, 3].map(() => recordEngagement({ emailId: email.id, kind: "open" })));
    const figures = await api("GET", "/api/v1/analytics/email?group_by=domain", { key: c.testKey });
    expect(figures.status, JSON.stringify(figures.body)).toBe(200);
    expect(figures.body.data.groups).toEqual([
      expect.objectContaining({ key: "example.org", total: 1, outcomes: expect.objectContaining({ opened: 1 }) }),
    ]);
  });

  it("refuses a grouping or filter the channel lacks, a period backwards, and a key without analytics:read", async () => {
    const c = await apiCustomer({ balance: 1 });
    const before = await footprint(c.accountId);
    const domain = await api("GET", "/api/v1/analytics/sms?group_by=domain", { key: c.testKey });
    expect(domain.status).toBe(400);
    expect(domain.body.error).toMatchObject({ code: "INVALID_REQUEST", field: "group_by", conflicts_with: "channel" });
    const filter = await api("GET", "/api/v1/analytics/webhook?country=GH", { key: c.testKey });
    expect(filter.body.error).toMatchObject({ code: "INVALID_REQUEST", field: "country", conflicts_with: "channel" });
    const backwards = await api("GET", "/api/v1/analytics/sms?from=2026-11-20&to=2026-11-10", { key: c.testKey });
    expect(backwards.body.error).toMatchObject({ code: "INVALID_REQUEST", conflicts_with: "to" });
    const unknown = await api("GET", "/api/v1/analytics/fax", { key: c.testKey });
    expect(unknown.status).toBe(400);
    const smsOnly = await createApiKey({ accountId: c.accountId, mode: "test", scopes: ["sms:send"] });
    const refused = await api("GET", "/api/v1/analytics/sms", { key: smsOnly.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "FORBIDDEN", required_permission: "analytics:read" });
    expect(await footprint(c.accountId)).toEqual(before);
  });
});
