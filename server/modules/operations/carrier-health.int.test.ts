// Carriers as a whole (issue #43, point 6): live SMS of two accounts, written straight to sms_messages (the delivery
// counters' triggers count them as a send would), a week of good delivery through carriers a and b, then an hour in
// which a delivers half its messages to MTN numbers. The worker's evaluation, on a driven clock, opens one alert (a
// second run adds nothing), publishes the gauges, and with KASA_ROUTE_AUTODEMOTE=on demotes a for MTN (audited), so
// MTN numbers try b first; once a delivers again the alert ends and a is restored (audited). With the setting off,
// the alert alone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCustomer } from "../../../test/api";
import { pinClockForThisTest } from "../../../test/clock";
import { setConfig, withConfig } from "../../../test/config";
import { db, sql } from "../../db/client";
import { logger } from "../../lib/logger";
import { metricsRegistry } from "../../lib/metrics";
import { coverage } from "../coverage/coverage-cache";
import { allocatedNetworkSlug } from "../networks/allocated-network";
import { networkCatalogue } from "../networks/network-catalogue";
import { pickCarriers } from "../sms/pick-carriers";
import { carriersByNetwork } from "../staff/carriers-by-network";
import { evaluateCarrierAlerts } from "./evaluate-carrier-alerts";
import { alertEnd, isFailing, type AlertRules } from "./carrier-alert-rules";
import type { CarrierNetworkHealth } from "./carrier-health";

// Two live carriers that are never called here (a closed port): the routing tests only ask for the order.
const carrier = (name: string) => `${name}=twilio+http://AC${name}:token@127.0.0.1:9`;
setConfig({ SMS_CARRIERS: `${carrier("a")},${carrier("b")}` });

const HOUR = 3_600_000;
const MTN_NUMBER = "+233241234567";

afterEach(() => vi.restoreAllMocks());

type Customer = Awaited<ReturnType<typeof apiCustomer>>;

/** `count` live SMS through `carrier` to `network`, accepted evenly over [from, to), the first `delivered` of them delivered in 5 s. */
async function sent(a: {
  customer: Customer;
  carrier: string;
  network: string;
  from: Date;
  to: Date;
  count: number;
  delivered: number;
}) {
  await sql().query(
    `INSERT INTO sms_messages (id, account_id, api_key_id, mode, to_number, sender, body, encoding, characters, segments,
       country_iso, route, region, provider, status, price_micros, currency, created_at, updated_at, delivered_at,
       failure_reason, network)
     SELECT 'sms_' || md5(random()::text || g::text), $1, $2, 'live', $3, 'Kasa', 'Counted', 'gsm7', 7, 1,
       'GH', 'africa_local', 'africa', $4, s.status::sms_status, 20000, 'USD', s.at, s.at,
       CASE WHEN s.status = 'delivered' THEN s.at + interval '5 seconds' END,
       CASE WHEN s.status = 'failed' THEN 'absent_subscriber' END, $5
     FROM generate_series(0, $6::int - 1) g,
       LATERAL (SELECT $7::timestamptz + ($8::timestamptz - $7::timestamptz) * g / $6::int AS at,
                       CASE WHEN g < $9::int THEN 'delivered' ELSE 'failed' END AS status) s`,
    [a.customer.accountId, a.customer.liveKeyId, MTN_NUMBER, a.carrier, a.network, a.count, a.from, a.to, a.delivered],
  );
}

/** A week of good delivery before `now`'s last hour, then the last hour: carrier a delivers half of MTN's. */
async function weekThenBadHour(now: Date, accounts: [Customer, Customer]) {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const weekFrom = new Date(hourStart.getTime() - HOUR - 7 * 24 * HOUR);
  const weekTo = new Date(hourStart.getTime() - HOUR);
  const [one, two] = accounts;
  const week = { from: weekFrom, to: weekTo };
  await sent({ customer: one, carrier: "a", network: "mtn", ...week, count: 300, delivered: 285 });
  await sent({ customer: two, carrier: "a", network: "mtn", ...week, count: 300, delivered: 285 });
  await sent({ customer: two, carrier: "b", network: "mtn", ...week, count: 200, delivered: 192 });
  await sent({ customer: one, carrier: "a", network: "telecel", ...week, count: 100, delivered: 90 });
  // The bad hour: 40 messages from each account, so only the two together reach the minimum of 50. All in the hour
  // before `now`'s, so they leave "the last hour" when the next hour starts.
  const bad = { from: new Date(now.getTime() - HOUR), to: hourStart };
  await sent({ customer: one, carrier: "a", network: "mtn", ...bad, count: 40, delivered: 20 });
  await sent({ customer: two, carrier: "a", network: "mtn", ...bad, count: 40, delivered: 20 });
  await sent({ customer: one, carrier: "b", network: "mtn", ...bad, count: 60, delivered: 57 });
  await sent({ customer: one, carrier: "a", network: "telecel", ...bad, count: 10, delivered: 9 });
}

async function gaugeValue(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = metricsRegistry().getSingleMetric(name);
  if (!metric) return undefined;
  const { values } = await metric.get();
  return values.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value;
}

async function order(network: string | null): Promise<string[]> {
  return (await pickCarriers("africa_local", "live", network)).map((c) => c.name);
}

async function carrierAudits(afterId: bigint) {
  return db().auditEvent.findMany({
    where: { id: { gt: afterId }, action: { startsWith: "carrier." } },
    orderBy: { id: "asc" },
  });
}

async function lastAuditId(): Promise<bigint> {
  return (await db().auditEvent.aggregate({ _max: { id: true } }))._max.id ?? 0n;
}

describe("carriers as a whole", () => {
  it("alerts once, demotes the carrier for that network with KASA_ROUTE_AUTODEMOTE=on, and restores it when it recovers", async () => {
    const now = pinClockForThisTest(new Date("2026-12-07T10:30:00Z"));
    await weekThenBadHour(now, [await apiCustomer(), await apiCustomer()]);
    const before = await lastAuditId();
    const warn = vi.spyOn(logger(), "warn");

    await withConfig({ KASA_ROUTE_AUTODEMOTE: "on" }, async () => {
      expect(await evaluateCarrierAlerts()).toBe(1);
      expect(await evaluateCarrierAlerts(), "a second run opens nothing more").toBe(0);

      const open = await db().carrierAlert.findMany({ where: { endedAt: null } });
      expect(open).toEqual([
        expect.objectContaining({ carrier: "a", network: "mtn", demoted: true, rate1h: 0.5, baseline: 0.95 }),
      ]);
      expect(open[0]!.messages1h).toBe(80);
      expect(open[0]!.startedAt).toEqual(now);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ carrier: "a", network: "mtn", rate_1h: 0.5, baseline: 0.95, messages_1h: 80 }),
        expect.stringContaining("carrier alert"),
      );

      // The gauges, as the worker's /metrics answers them.
      expect(await gaugeValue("kasa_carrier_alert", { carrier: "a", network: "mtn" })).toBe(1);
      expect(await gaugeValue("kasa_carrier_alert", { carrier: "b", network: "mtn" })).toBe(0);
      expect(await gaugeValue("kasa_carrier_alert", { carrier: "a", network: "telecel" })).toBe(0);
      expect(await gaugeValue("kasa_carrier_delivered_ratio", { carrier: "a", network: "mtn", window: "1h" })).toBe(
        0.5,
      );
      expect(await gaugeValue("kasa_carrier_delivered_ratio", { carrier: "a", network: "mtn", window: "7d" })).toBe(
        0.95,
      );
      expect(await gaugeValue("kasa_carrier_delivered_ratio", { carrier: "b", network: "mtn", window: "1h" })).toBe(
        0.95,
      );
      // Delivered in 5 s: the histogram's [5, 10) bucket, read linearly inside it.
      expect(await gaugeValue("kasa_carrier_delivery_seconds", { carrier: "a", network: "mtn", quantile: "0.5" })).toBe(
        7.5,
      );
      expect(await gaugeValue("kasa_carrier_delivery_seconds", { carrier: "a", network: "mtn", quantile: "0.9" })).toBe(
        9.5,
      );

      const demoted = await carrierAudits(before);
      expect(demoted).toEqual([
        expect.objectContaining({
          actor: "system",
          action: "carrier.demoted",
          target: "a/mtn",
          accountId: null,
          bySupport: false,
        }),
      ]);
      expect(demoted[0]!.data).toMatchObject({ carrier: "a", network: "mtn", rate_1h: 0.5, baseline: 0.95 });

      // An MTN number's message tries b first and keeps a as the last resort; other networks keep the route's order.
      const network = allocatedNetworkSlug(await networkCatalogue(), MTN_NUMBER, (await coverage()).byIso.get("GH")!);
      expect(network).toBe("mtn");
      expect(await order(network)).toEqual(["b", "a"]);
      expect(await order("telecel")).toEqual(["a", "b"]);
      expect(await order(null)).toEqual(["a", "b"]);
      expect((await pickCarriers("africa_local", "test", network)).map((c) => c.name)).toEqual(["sandbox"]);
      // A route's only carrier stays its only one.
      await withConfig({ SMS_CARRIERS: carrier("a") }, async () => expect(await order(network)).toEqual(["a"]));

      // The staff console: the failing pair first, with its state.
      const view = await carriersByNetwork(now);
      expect(view.rules).toEqual({ margin: 0.15, minMessages: 50, autodemote: true });
      expect(view.rows[0]).toMatchObject({
        carrier: "a",
        network: "mtn",
        state: "demoted",
        since: now,
        lastHour: { messages: 80, deliveredRate: 0.5 },
        lastWeek: { messages: 600, deliveredRate: 0.95 },
      });
      expect(view.rows.find((r) => r.carrier === "b")).toMatchObject({ state: "ok" });

      // The next hour: the bad messages have left the window, and a delivers MTN's messages again.
      const later = pinClockForThisTest(new Date("2026-12-07T11:20:00Z"));
      const recent = { from: new Date("2026-12-07T10:40:00Z"), to: new Date("2026-12-07T11:15:00Z") };
      await sent({ customer: await apiCustomer(), carrier: "a", network: "mtn", ...recent, count: 60, delivered: 57 });
      expect(await evaluateCarrierAlerts(later)).toBe(1);
      const ended = await db().carrierAlert.findMany({ where: { carrier: "a", network: "mtn" } });
      expect(ended).toEqual([expect.objectContaining({ endedAt: later, demoted: true })]);
      expect(await order(network)).toEqual(["a", "b"]);
      expect(await gaugeValue("kasa_carrier_alert", { carrier: "a", network: "mtn" })).toBe(0);
      const audits = await carrierAudits(before);
      expect(audits.map((a) => a.action)).toEqual(["carrier.demoted", "carrier.restored"]);
      expect(audits[1]).toMatchObject({ actor: "system", target: "a/mtn" });
      expect(audits[1]!.data).toMatchObject({ why: "recovered", rate_1h: 0.95, messages_1h: 60 });
    });
  });

  it("with KASA_ROUTE_AUTODEMOTE off: the alert, but no demotion and no audit row; turned on, it demotes, each way audited", async () => {
    // Five weeks on: the first test's messages are outside both periods.
    const now = pinClockForThisTest(new Date("2027-01-11T10:30:00Z"));
    await weekThenBadHour(now, [await apiCustomer(), await apiCustomer()]);
    const before = await lastAuditId();

    await withConfig({ KASA_ROUTE_AUTODEMOTE: "off" }, async () => {
      expect(await evaluateCarrierAlerts(now)).toBe(1);
      const open = await db().carrierAlert.findMany({ where: { endedAt: null } });
      expect(open).toEqual([expect.objectContaining({ carrier: "a", network: "mtn", demoted: false })]);
      expect(await gaugeValue("kasa_carrier_alert", { carrier: "a", network: "mtn" })).toBe(1);
      expect(await carrierAudits(before)).toEqual([]);
      expect(await order("mtn")).toEqual(["a", "b"]);
      expect((await carriersByNetwork(now)).rows[0]).toMatchObject({ carrier: "a", network: "mtn", state: "alert" });
    });

    // The setting turned on while the alert is open demotes at the next run, and off again restores.
    await withConfig({ KASA_ROUTE_AUTODEMOTE: "on" }, async () => {
      expect(await evaluateCarrierAlerts(now)).toBe(1);
      expect(await order("mtn")).toEqual(["b", "a"]);
    });
    await withConfig({ KASA_ROUTE_AUTODEMOTE: "off" }, async () => {
      expect(await evaluateCarrierAlerts(now)).toBe(1);
      expect(await order("mtn")).toEqual(["a", "b"]);
    });
    const audits = await carrierAudits(before);
    expect(audits.map((a) => a.action)).toEqual(["carrier.demoted", "carrier.restored"]);
    expect(audits[1]!.data).toMatchObject({ why: "autodemote_off" });
    expect(await db().carrierAlert.count({ where: { endedAt: null } }), "the alert itself stays open").toBe(1);
  });
});

describe("the alert rules", () => {
  const rules: AlertRules = { margin: 0.15, minMessages: 50, autodemote: false };
  const health = (messages: number, rate: number | null, baseline: number | null): CarrierNetworkHealth => ({
    carrier: "a",
    network: "mtn",
    lastHour: { messages, delivered: 0, deliveredRate: rate, p50S: null, p90S: null },
    lastWeek: { messages: 1000, delivered: 0, deliveredRate: baseline, p50S: null, p90S: null },
  });

  it("opens under the week by the margin over the minimum messages, and ends only back within half of it", () => {
    expect(isFailing(health(50, 0.79, 0.95), rules)).toBe(true);
    expect(isFailing(health(50, 0.8, 0.95), rules), "exactly at the line").toBe(false);
    expect(isFailing(health(49, 0.1, 0.95), rules), "too few messages to say").toBe(false);
    expect(isFailing(health(500, 0.1, null), rules), "no week to compare with").toBe(false);
    // Between the two lines an open alert holds: no flapping at the threshold.
    expect(alertEnd(health(50, 0.85, 0.95), rules)).toBeNull();
    expect(alertEnd(health(50, 0.875, 0.95), rules)).toBe("recovered");
    expect(alertEnd(health(10, 0.1, 0.95), rules)).toBe("too_few_messages");
    expect(alertEnd(undefined, rules)).toBe("too_few_messages");
  });
});
