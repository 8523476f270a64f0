import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { api, apiCustomer } from "../../../test/api";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import type { Received } from "../../../test/https-receiver";
import { db } from "../../db/client";
import { simulateUssd } from "./simulate-ussd";
import { endIdleUssdSessions } from "./end-idle-ussd-sessions";
import { forgetNetworks } from "../networks/network-catalogue";
import { testUssdCallback } from "./test-ussd-callback";

const { receiver } = useWebhookReceiver();
const PHONE = "+233241234567"; // an MTN Ghana range

/** An account whose sandbox code's app is the local receiver, with the answers `app` gives. */
async function withApp(timeoutMs = 4000, phone = PHONE) {
  const c = await apiCustomer();
  const listed = await api("GET", "/api/v1/ussd/codes", { key: c.testKey });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const code = listed.body.data.codes[0];
  const set = await api("PATCH", `/api/v1/ussd/codes/${code.id}`, {
    key: c.testKey,
    body: { callback_url: receiver.url, timeout_ms: timeoutMs },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const caller = { accountId: c.accountId, mode: "test" as const };
  const hop = (input: { session_id?: string; input?: string }) =>
    simulateUssd({ service_code: code.service_code, phone_number: phone, ...input }, caller, { ca: receiver.cert });
  return { c, code: set.body.data, hop };
}

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));

describe("USSD through the simulator", () => {
  it("runs a three-screen menu: Africa's Talking's callback, signed, its inputs joined by *", async () => {
    const { c, code, hop } = await withApp();
    receiver.reply = (r) => {
      const text = form(r).text;
      if (text === "") return { status: 200, body: "CON Welcome to Kasa Bank\n1. Balance\n2. Airtime" };
      if (text === "1") return { status: 200, body: "CON Enter your PIN" };
      return { status: 200, body: `END Your balance is GHS 10.00 (${text})` };
    };
    const before = receiver.received.length;
    const first = await hop({});
    expect(first).toMatchObject({ screen: "Welcome to Kasa Bank\n1. Balance\n2. Airtime", continues: true });
    const second = await hop({ session_id: first.session_id, input: "1" });
    expect(second).toMatchObject({ screen: "Enter your PIN", continues: true, ended_reason: null });
    const third = await hop({ session_id: first.session_id, input: "1234" });
    expect(third).toMatchObject({
      screen: "Your balance is GHS 10.00 (1*1234)",
      continues: false,
      ended_reason: "app_end",
    });

    const calls = receiver.received.slice(before);
    expect(calls.map((r) => form(r).text)).toEqual(["", "1", "1*1234"]);
    expect(form(calls[0]!)).toMatchObject({
      sessionId: first.session_id,
      serviceCode: code.service_code,
      phoneNumber: PHONE,
      networkCode: "62001",
    });
    expect(calls[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // The app proves Kasa sent it, with the code's own secret (Standard Webhooks' scheme over the exact form body).
    const signed = (r: Received, body = r.body) =>
      `v1,${createHmac("sha256", Buffer.from(code.signing_secret.slice(6), "base64"))
        .update(`${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${body}`)
        .digest("base64")}`;
    for (const call of calls) expect(call.headers["webhook-signature"]).toBe(signed(call));
    expect(calls[0]!.headers["webhook-signature"]).not.toBe(signed(calls[0]!, `${calls[0]!.body}x`));
    expect(new Set(calls.map((r) => r.headers["webhook-id"])).size).toBe(3);
    const session = await api("GET", `/api/v1/ussd/sessions/${first.session_id}`, { key: c.testKey });
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({
      status: "ended",
      ended_reason: "app_end",
      hops: 3,
      network: "mtn",
      country: "GH",
      price: { amount: 0 },
    });
    expect(session.body.data.hop_list.map((h: { input: string | null; text: string }) => [h.input, h.text])).toEqual([
      [null, ""],
      ["1", "1"],
      ["1234", "1*1234"],
    ]);
    expect(session.body.data.hop_list[0].app_ms).toBeGreaterThanOrEqual(0);
    expect(session.body.data.hop_list[0].kasa_ms).toBeGreaterThanOrEqual(0);
    const events = await db().event.findMany({ where: { transactionId: first.session_id } });
    expect(events.map((e) => [e.event, e.livemode])).toEqual([["ussd.session.ended", false]]);
    expect((events[0]!.data as { hop_list: unknown[] }).hop_list).toHaveLength(3);
    // An ended session takes no more input.
    await expect(hop({ session_id: first.session_id, input: "1" })).rejects.toMatchObject({
      code: "CONFLICT",
      context: { reason: "session_ended" },
    });
    const listed = await api("GET", "/api/v1/ussd/sessions?ended_reason=app_end", { key: c.testKey });
    expect(listed.body.data.sessions.map((s: { id: string }) => s.id)).toEqual([first.session_id]);
  });

  it("pages a long answer itself: 98 and 0 never reach the app, the last page of an END closes", async () => {
    const { hop } = await withApp();
    // About 2,000 characters: an app that forgot the phone is small.
    const long = Array.from({ length: 100 }, (_, i) => `${i + 1}. Pay a saved biller ${i + 1}`).join("\n");
    expect(long.length).toBeGreaterThan(2_000);
    receiver.reply = () => ({ status: 200, body: `END ${long}` });
    const before = receiver.received.length;
    const first = await hop({});
    expect(first.continues).toBe(true);
    expect(first.screen.endsWith("98 More")).toBe(true);
    expect(first.screen.length).toBeLessThanOrEqual(182);
    const pages = [first.screen];
    let last = first;
    while (last.continues) {
      last = await hop({ session_id: first.session_id, input: "98" });
      pages.push(last.screen);
      if (pages.length === 2) {
        const back = await hop({ session_id: first.session_id, input: "0" });
        expect(back.screen).toBe(first.screen);
        last = await hop({ session_id: first.session_id, input: "98" });
      }
    }
    expect(last.ended_reason).toBe("app_end");
    expect(pages.join("\n")).toContain("100. Pay a saved biller 100");
    expect(receiver.received.length - before).toBe(1);
  });

  it("pages at the screen length of the subscriber's network, where the networks table says it is shorter", async () => {
    // Telkom Kenya (+254 77...) set to 60 septets: every page fits 60, and the pages hold the whole answer.
    await db().mobileNetwork.update({ where: { id: "ke-telkom" }, data: { ussdScreenSeptets: 60 } });
    forgetNetworks();
    try {
      const { hop } = await withApp(4000, "+254771234567");
      const answer = "Welcome to Kasa Bank, where your money moves at the speed of a text message";
      receiver.reply = () => ({ status: 200, body: `END ${answer}` });
      const pages = [await hop({})];
      while (pages.at(-1)!.continues) pages.push(await hop({ session_id: pages[0]!.session_id, input: "98" }));
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) expect(page.screen.length).toBeLessThanOrEqual(60);
      const words = pages.map((p) => p.screen.replace(/\n?(98 More|0 Back)/g, "")).join(" ");
      expect(words.replace(/\s+/g, " ")).toBe(answer);
    } finally {
      await db().mobileNetwork.update({ where: { id: "ke-telkom" }, data: { ussdScreenSeptets: null } });
      forgetNetworks();
    }
  });

  it("shows the failure text when the app is late or answers 500, and says why", async () => {
    const { hop, code } = await withApp(1000);
    receiver.reply = () => ({ status: 200, body: "CON too late", delayMs: 1500 });
    const late = await hop({});
    expect(late).toMatchObject({ screen: code.failure_text, continues: false, ended_reason: "app_error" });
    expect(late.hop.error).toMatch(/^app_timeout/);
    receiver.reply = () => ({ status: 500, body: "boom" });
    const broken = await hop({});
    expect(broken).toMatchObject({ screen: code.failure_text, ended_reason: "app_error" });
    expect(broken.hop).toMatchObject({ app_status: 500, error: "app_status: HTTP 500" });
    receiver.reply = () => ({ status: 200, body: "Hello" });
    expect((await hop({})).hop.error).toMatch(/^app_format/);
  });

  it("ends a session that hears nothing as timeout, once", async () => {
    const { hop } = await withApp();
    receiver.reply = () => ({ status: 200, body: "CON Still there?" });
    const open = await hop({});
    expect(await endIdleUssdSessions(new Date(Date.now() + 60_000))).toBe(0);
    const later = new Date(Date.now() + 121_000);
    expect(await endIdleUssdSessions(later)).toBeGreaterThanOrEqual(1);
    expect(await endIdleUssdSessions(later)).toBe(0);
    const row = await db().ussdSession.findUniqueOrThrow({ where: { id: open.session_id } });
    expect(row).toMatchObject({ status: "ended", endedReason: "timeout" });
    expect(await db().event.count({ where: { transactionId: open.session_id } })).toBe(1);
  });
});

describe("USSD codes and the simulator's refusals", () => {
  it("lists a sandbox code at once, refuses bad settings changing nothing, adds and releases sandbox codes", async () => {
    const c = await apiCustomer();
    // A live key sees live codes only: the sandbox code (and its secret) are the test key's.
    expect((await api("GET", "/api/v1/ussd/codes", { key: c.liveKey })).body.data.codes).toEqual([]);
    const listed = await api("GET", "/api/v1/ussd/codes", { key: c.testKey });
    expect(listed.body.data.codes).toHaveLength(1);
    const code = listed.body.data.codes[0];
    expect(code).toMatchObject({ kind: "sandbox", mode: "test", callback_url: null, timeout_ms: 4000 });
    expect(code.service_code).toMatch(/^\*384\*\d+#$/);
    expect(code.signing_secret).toMatch(/^whsec_/);
    const http = await api("PATCH", `/api/v1/ussd/codes/${code.id}`, {
      key: c.testKey,
      body: { callback_url: "http://example.com/ussd" },
    });
    expect(http.status).toBe(400);
    expect(http.body.error.code).toBe("INVALID_URL");
    const slow = await api("PATCH", `/api/v1/ussd/codes/${code.id}`, { key: c.testKey, body: { timeout_ms: 9000 } });
    expect(slow.status).toBe(400);
    // One screen as a phone counts it: 81 characters that need Unicode are two.
    const long = await api("PATCH", `/api/v1/ussd/codes/${code.id}`, {
      key: c.testKey,
      body: { failure_text: `Ɛyɛ ${"a".repeat(77)}` },
    });
    expect(long.status).toBe(400);
    const unchanged = await db().ussdCode.findUniqueOrThrow({ where: { id: code.id } });
    expect(unchanged).toMatchObject({ callbackUrl: null, timeoutMs: 4000 });
    const other = await apiCustomer();
    const foreign = await api("PATCH", `/api/v1/ussd/codes/${code.id}`, {
      key: other.testKey,
      body: { timeout_ms: 2000 },
    });
    expect(foreign.status).toBe(404);

    const added = await api("POST", "/api/v1/ussd/codes", { key: c.testKey, body: {} });
    expect(added.status).toBe(201);
    expect(added.body.data.service_code).not.toBe(code.service_code);
    const released = await api("DELETE", `/api/v1/ussd/codes/${added.body.data.id}`, { key: c.testKey });
    expect(released.body.data).toEqual({ id: added.body.data.id, deleted: true });
    expect(await db().ussdCode.count({ where: { accountId: c.accountId } })).toBe(1);
  });

  it("takes test keys only, and the account's own codes", async () => {
    const c = await apiCustomer();
    const live = await api("POST", "/api/v1/ussd/simulate", {
      key: c.liveKey,
      body: { service_code: "*384*100#", phone_number: PHONE },
    });
    expect(live.status).toBe(403);
    expect(live.body.error).toMatchObject({ code: "FORBIDDEN", reason: "test_key_required" });
    const foreign = await api("POST", "/api/v1/ussd/simulate", {
      key: c.testKey,
      body: { service_code: "*999*1#", phone_number: PHONE },
    });
    expect(foreign.status).toBe(404);
    // A live code is a customer's production app: a test key never dials it.
    const liveCodeRow = await db().ussdCode.create({
      data: {
        id: `ussd_live${Date.now()}`,
        accountId: c.accountId,
        code: `*920*${Date.now() % 1e6}#`,
        mode: "live",
        kind: "extension",
        signingSecret: "sealed",
      },
    });
    const dialledLive = await api("POST", "/api/v1/ussd/simulate", {
      key: c.testKey,
      body: { service_code: liveCodeRow.code, phone_number: PHONE },
    });
    expect(dialledLive.status).toBe(404);
    const badPhone = await api("POST", "/api/v1/ussd/simulate", {
      key: c.testKey,
      body: { service_code: "*384*100#", phone_number: "0241234567" },
    });
    expect(badPhone.body.error.code).toBe("INVALID_PHONE_NUMBER");
    expect(await db().ussdSession.count({ where: { accountId: c.accountId } })).toBe(0);
    // A code with no app yet: the subscriber reads the failure text, and the hop says why.
    const code = (await api("GET", "/api/v1/ussd/codes", { key: c.testKey })).body.data.codes[0];
    const dialled = await api("POST", "/api/v1/ussd/simulate", {
      key: c.testKey,
      body: { service_code: code.service_code, phone_number: PHONE },
    });
    expect(dialled.status).toBe(200);
    expect(dialled.body.data).toMatchObject({ continues: false, ended_reason: "app_error", screen: code.failure_text });
    expect(dialled.body.data.hop.error).toMatch(/^no_callback_url/);
  });

  it("tests the saved app with one signed dial, storing nothing; a failing app shows the failure text and why", async () => {
    const { c, code } = await withApp();
    const caller = { accountId: c.accountId };
    receiver.reply = () => ({ status: 200, body: "CON Welcome\n1. Balance" });
    const ok = await testUssdCallback({ id: code.id }, caller, { ca: receiver.cert });
    expect(ok).toMatchObject({ ok: true, continues: true, screen: "Welcome\n1. Balance", status: 200 });
    const sent = receiver.received.at(-1)!;
    expect(form(sent)).toMatchObject({ serviceCode: code.service_code, text: "", networkCode: "62001" });
    expect(sent.headers["webhook-signature"]).toMatch(/^v1,/);
    // One test every 3 s per account: a second at once is refused and sends nothing.
    const sentBefore = receiver.received.length;
    await expect(testUssdCallback({ id: code.id }, caller, { ca: receiver.cert })).rejects.toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
    });
    expect(receiver.received.length).toBe(sentBefore);
    // Another account's app answering 500 (the throttle is per account; no clock is moved for it).
    const second = await withApp();
    receiver.reply = () => ({ status: 500, body: "oops" });
    const failed = await testUssdCallback(
      { id: second.code.id },
      { accountId: second.c.accountId },
      { ca: receiver.cert },
    );
    expect(failed).toMatchObject({ ok: false, reason: "app_status", status: 500, screen: second.code.failure_text });
    expect(await db().ussdSession.count({ where: { accountId: c.accountId } })).toBe(0);

    const other = await apiCustomer();
    await expect(testUssdCallback({ id: code.id }, { accountId: other.accountId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await db().ussdCode.update({ where: { id: code.id }, data: { callbackUrl: null } });
    await expect(testUssdCallback({ id: code.id }, caller)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });
});
