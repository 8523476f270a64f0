// Delivery feedback and tracking of live email (docs/decisions.md, "Bounces, DSN and inbound mail" and "Tracking and
// scheduling"), through real SMTP both ways and the tracking URLs served over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { api, emailSender } from "../../../test/api";
import { SmtpSink, useSmtpSink } from "../../../test/smtp-sink";
import { sendDsn } from "../../../test/send-dsn";
import { serveWebHandler, type ServedHandler } from "../../../test/serve-web-handler";
import { db } from "../../db/client";
import { createApiKey } from "../keys/create-api-key";
import { startInboundSmtpServer } from "../../inbound/inbound-smtp-server";
import { serveOpenPixel } from "../../http/track/serve-open-pixel";
import { serveClick } from "../../http/track/serve-click";
import { configure } from "../../config/config";

const relay = useSmtpSink({ beforeAll, afterAll }, { dsn: true });
let inbound: Awaited<ReturnType<typeof startInboundSmtpServer>>;
let web: ServedHandler;
beforeAll(async () => {
  inbound = await startInboundSmtpServer({ port: 0, host: "127.0.0.1" });
  // The two tracking routes as the app serves them (app/t/o/[token], app/t/c/[token]).
  web = await serveWebHandler(async (request) => {
    const [, kind, token] = /^\/t\/([oc])\/([^/?]+)/.exec(new URL(request.url).pathname) ?? [];
    if (kind === "o") return serveOpenPixel(request, token!);
    if (kind === "c") return serveClick(request, token!);
    return new Response("Not found", { status: 404 });
  });
});
afterAll(async () => {
  await inbound.close();
  await web.close();
});

const sender = () => emailSender("fb");
const send = (key: string, body: object) => api("POST", "/api/v1/email/send", { key, body });
const status = (key: string, txn: string) => api("GET", `/api/v1/email/status?transaction_id=${txn}`, { key });
const eventNames = async (transactionId: string) =>
  (await db().event.findMany({ where: { transactionId }, orderBy: { id: "asc" } })).map((e) => e.event);
/** A tracking URL as the reader's client would request it, against the served routes. */
const visit = (url: string) =>
  fetch(`${web.base}${new URL(url).pathname}${new URL(url).search}`, { redirect: "manual" });

describe("delivery feedback for live email", () => {
  it("asks a relay that advertises DSN for reports with ENVID = the email id, returns to send.<domain>, and a report there raises the event", async () => {
    const c = await sender();
    const res = await send(c.liveKey, { to: ["ama@example.org", "kofi@example.org"], subject: "Hi", text: "Hi" });
    expect(res.status).toBe(200);
    const emailId = res.body.data.email_id;
    const mail = relay.messages.at(-1)!;
    expect(mail.from).toMatch(new RegExp(`^bounces\\+${emailId}\\.[0-9a-f]{16}@send\\.${c.domain.name}$`));
    expect(mail.mailFromArgs).toMatchObject({ RET: "HDRS", ENVID: emailId });
    expect(mail.rcptArgs["ama@example.org"]).toMatchObject({ NOTIFY: "FAILURE,DELAY" });
    expect(mail.rcptArgs["kofi@example.org"]).toMatchObject({ NOTIFY: "FAILURE,DELAY" });
    expect((await status(c.liveKey, res.body.data.transaction_id)).body.data.delivery_reports).toBe("requested");

    // The remote servers answer to the bounce host: a delay, then a failure for one recipient.
    await sendDsn(inbound.port, mail.from, "kofi@example.org", "4.4.1", "delayed", emailId);
    await sendDsn(inbound.port, mail.from, "ama@example.org", "5.1.1", "failed", emailId);
    expect(await eventNames(res.body.data.transaction_id)).toEqual([
      "email.sent",
      "email.delivery_delayed",
      "email.bounced",
    ]);
  });

  it("asks for success reports where the deployment opts in, and email.delivered follows one", async () => {
    const restore = configure({ KASA_DSN_SUCCESS: "on" });
    try {
      const c = await sender();
      const res = await send(c.liveKey, { to: "esi@example.org", subject: "Hi", text: "Hi" });
      const mail = relay.messages.at(-1)!;
      expect(mail.rcptArgs["esi@example.org"]).toMatchObject({ NOTIFY: "SUCCESS,FAILURE,DELAY" });
      await sendDsn(inbound.port, mail.from, "esi@example.org", "2.0.0", "delivered", res.body.data.email_id);
      expect(await eventNames(res.body.data.transaction_id)).toEqual(["email.sent", "email.delivered"]);
    } finally {
      restore();
    }
  });

  it("through a relay without DSN: no DSN parameters, and the message says reports cannot come", async () => {
    const plain = await new SmtpSink().start();
    const restore = configure({ SMTP_URL: plain.url });
    try {
      const c = await sender();
      const res = await send(c.liveKey, { to: "yaw@example.org", subject: "Hi", text: "Hi" });
      expect(res.status).toBe(200);
      expect(plain.messages[0]!.mailFromArgs).toEqual({});
      expect(plain.messages[0]!.rcptArgs["yaw@example.org"]).toEqual({});
      expect((await status(c.liveKey, res.body.data.transaction_id)).body.data.delivery_reports).toBe("unsupported");
    } finally {
      restore();
      await plain.stop();
    }
  });
});

describe("open and click tracking", () => {
  it("is switched per domain behind domains:manage, and shown on the domain", async () => {
    const c = await sender();
    const sms = await createApiKey({ accountId: c.accountId, mode: "live", scopes: ["sms:send"] });
    const refused = await api("POST", "/api/v1/domains/tracking", {
      key: sms.key,
      body: { id: c.domain.id, open_tracking: true },
    });
    expect(refused.status).toBe(403);
    const listed = await api("GET", "/api/v1/domains", { key: c.liveKey });
    expect(listed.body.data.domains[0]).toMatchObject({ open_tracking: false, click_tracking: false });
    const on = await api("POST", "/api/v1/domains/tracking", {
      key: c.liveKey,
      body: { id: c.domain.id, open_tracking: true },
    });
    expect(on.body.data).toMatchObject({ id: c.domain.id, open_tracking: true, click_tracking: false });
    const both = await api("POST", "/api/v1/domains/tracking", {
      key: c.liveKey,
      body: { id: c.domain.id, click_tracking: true },
    });
    expect(both.body.data).toMatchObject({ open_tracking: true, click_tracking: true });
    expect(
      (await api("POST", "/api/v1/domains/tracking", { key: c.liveKey, body: { id: "dom_nope", open_tracking: true } }))
        .status,
    ).toBe(404);
  });

  it("a tracked message's pixel and link fire one event each, keep every open and click, and a tampered link is a 404", async () => {
    const c = await sender();
    await api("POST", "/api/v1/domains/tracking", {
      key: c.liveKey,
      body: { id: c.domain.id, open_tracking: true, click_tracking: true },
    });
    const target = "https://shop.example.org/offer?id=7&ref=mail";
    const res = await send(c.liveKey, {
      to: "reader@example.org",
      subject: "Offer",
      html: `<html><body><p>See <a class="btn" href="https://shop.example.org/offer?id=7&amp;ref=mail">the offer</a> or <a href="mailto:help@example.org">write</a>.</p></body></html>`,
      text: `See the offer: ${target}`,
    });
    const txn = res.body.data.transaction_id;
    const parsed = await simpleParser(relay.messages.at(-1)!.raw);
    const html = parsed.html as string;
    expect(parsed.text).toContain(target); // plain text is never rewritten
    expect(html).toContain('href="mailto:help@example.org"'); // only http(s) links are
    expect(html).not.toContain('href="https://shop.example.org');
    const pixel = /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    const link = /<a class="btn" href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");

    for (let i = 0; i < 2; i++) {
      const image = await visit(pixel);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/gif");
      const click = await visit(link);
      expect(click.status).toBe(302);
      expect(click.headers.get("location")).toBe(target);
    }
    const events = await db().event.findMany({ where: { transactionId: txn }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.event)).toEqual(["email.sent", "email.opened", "email.clicked"]);
    expect(events[2]!.data).toMatchObject({ email_id: res.body.data.email_id, link: target });

    // Never an open redirect: another destination, or no signature, or a made-up one, is a 404.
    const tampered = new URL(link);
    tampered.searchParams.set("u", "https://evil.example.net/");
    expect((await visit(tampered.toString())).status).toBe(404);
    expect((await visit(link.replace(/\.[0-9a-f]{32}\?/, ".0123456789abcdef0123456789abcdef?"))).status).toBe(404);
    expect((await visit(pixel.replace(res.body.data.email_id, "eml_other"))).status).toBe(404);

    const shown = await status(c.liveKey, txn);
    expect(shown.body.data.engagements).toEqual([
      { type: "open", at: expect.any(String) },
      { type: "click", url: target, at: expect.any(String) },
      { type: "open", at: expect.any(String) },
      { type: "click", url: target, at: expect.any(String) },
    ]);
  });

  it("an untracked domain's message is left as written", async () => {
    const c = await sender();
    const html = `<p><a href="https://example.org/a">a</a></p>`;
    await send(c.liveKey, { to: "plain@example.org", subject: "Plain", html });
    const parsed = await simpleParser(relay.messages.at(-1)!.raw);
    expect((parsed.html as string).trim()).toBe(html);
  });
});
