// SMS short links (issue #43, point 5; docs/decisions.md, "Insights"), through the front `npm start` serves: a send
// with shorten_links is counted, priced, stored and answered with its short links; the link redirects, counts a
// person's first click once (sms.clicked, clicked_at) and not previews, HEAD requests or crawlers; an expired link is
// a plain 410 page; the short domain's /<id> is served; a broadcast gives every recipient links of their own.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../../test/api";
import { serveApi, type ServedApi } from "../../../../test/serve-api";
import { useLocalSmsc } from "../../../../test/use-local-smsc";
import { withConfig } from "../../../../test/config";
import type { PagesHandler } from "../../../http/node-front";
import { serveShortLink } from "../../../http/serve-short-link";
import { shortUrlBase } from "../../../config/public-url";
import { countSegments } from "../../../lib/sms-segments";
import { db } from "../../../db/client";
import { pumpBroadcasts } from "../../broadcasts/run-broadcasts";

const smsc = useLocalSmsc();

// Long enough that the message is two segments as written and one with its short link.
const LINK =
  "https://shop.example/orders/48213/tracking?utm_source=sms&utm_medium=kasa&utm_campaign=december-delivery-updates&customer=ama-mensah-accra";
const MESSAGE = `Your order is on its way: ${LINK}. Reply STOP to opt out`;
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

// The front with the short-link route as the app serves it (app/l/[id]); every other page is a 404.
let front: ServedApi;
const pages: PagesHandler = async (req, res) => {
  const id = /^\/l\/([^/]+)$/.exec(req.url?.split("?")[0] ?? "")?.[1];
  if (!id) {
    res.statusCode = 404;
    return void res.end();
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const answer = await serveShortLink(
    new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers }),
    id,
  );
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
};
beforeAll(async () => {
  front = await serveApi({ pages });
});
afterAll(() => front.close());

/** A request to the front as a phone's browser makes it (redirects not followed); `host` names the site asked for. */
function visit(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  const { port } = new URL(front.base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: { "user-agent": PHONE_BROWSER, ...options.headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const send = (key: string, body: object) => api("POST", "/api/v1/sms/send", { key, body });
const clickEvents = (transactionId: string) => db().event.findMany({ where: { transactionId, event: "sms.clicked" } });

describe("POST /api/v1/sms/send with shorten_links", () => {
  it("counts, prices, stores and answers the text with its short link, one link row for the message", async () => {
    expect(countSegments(MESSAGE).segments).toBe(2);
    const c = await apiCustomer();
    const res = await send(c.testKey, { to: "+233241234567", message: MESSAGE, shorten_links: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    const base = shortUrlBase();
    expect(base).toBe("http://kasa.test/l");
    const match = new RegExp(
      `^Your order is on its way: ${escape(base)}/([0-9A-Za-z]{7,})\\. Reply STOP to opt out$`,
    ).exec(data.message);
    expect(match, data.message).not.toBeNull();
    expect(data).toMatchObject({ segments: 1, message_length: data.message.length, price: { amount: 0.02 } });

    const sms = await db().smsMessage.findUniqueOrThrow({ where: { id: data.transaction_id } });
    expect(sms.body).toBe(data.message);
    const links = await db().shortLink.findMany({ where: { smsId: sms.id } });
    expect(links).toEqual([
      expect.objectContaining({ id: match![1], accountId: c.accountId, url: LINK, clicks: 0, firstClickedAt: null }),
    ]);
    expect(links[0]!.expiresAt.getTime() - links[0]!.createdAt.getTime()).toBe(90 * 86_400_000);

    const status = await api("GET", `/api/v1/sms/status?transaction_id=${sms.id}`, { key: c.testKey });
    expect(status.body.data).toMatchObject({ message: data.message, clicked_at: null });
  });

  it("leaves a text without links as it is, and without shorten_links leaves links alone", async () => {
    const c = await apiCustomer();
    const plain = await send(c.testKey, { to: "+233241234567", message: "No links here.", shorten_links: true });
    expect(plain.body.data).toMatchObject({ message: "No links here.", segments: 1 });
    expect(await db().shortLink.count({ where: { smsId: plain.body.data.transaction_id } })).toBe(0);

    const asIs = await send(c.testKey, { to: "+233241234567", message: MESSAGE });
    expect(asIs.body.data.segments).toBe(2);
    expect(asIs.body.data.message).toBeUndefined();
    expect(await db().shortLink.count({ where: { smsId: asIs.body.data.transaction_id } })).toBe(0);
  });

  it("hands the carrier the short text of a live send, charged for it", async () => {
    const c = await apiCustomer({ balance: 5 });
    const res = await send(c.liveKey, { to: "+233241280001", message: MESSAGE, shorten_links: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", segments: 1 });
    const submitted = smsc.submitted.filter((s) => s.pdu.destination_addr === "233241280001");
    expect(submitted.map((s) => (s.pdu.short_message as { message: string }).message)).toEqual([res.body.data.message]);
    expect(await db().shortLink.count({ where: { smsId: res.body.data.transaction_id } })).toBe(1);
  });
});

describe("following a short link", () => {
  async function sentLink() {
    const c = await apiCustomer();
    const res = await send(c.testKey, { to: "+233241234567", message: MESSAGE, shorten_links: true });
    const shortUrl = new RegExp(`${escape(shortUrlBase())}/[0-9A-Za-z]+`).exec(res.body.data.message)![0];
    return { c, transactionId: res.body.data.transaction_id as string, shortUrl, path: new URL(shortUrl).pathname };
  }

  it("redirects previews, HEAD requests and prefetches without counting them", async () => {
    const { transactionId, path } = await sentLink();
    for (const answer of [
      await visit(path, { method: "HEAD" }),
      await visit(path, { headers: { "user-agent": "WhatsApp/2.23.20.0" } }),
      await visit(path, { headers: { "user-agent": "facebookexternalhit/1.1 Facebot Twitterbot/1.0" } }),
      await visit(path, { headers: { "sec-purpose": "prefetch" } }),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(LINK);
    }
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: transactionId } })).clickedAt).toBeNull();
    expect(await clickEvents(transactionId)).toEqual([]);
    expect((await db().shortLink.findFirstOrThrow({ where: { smsId: transactionId } })).clicks).toBe(0);
  });

  it("counts a person's clicks, stamps the first on the message once and raises sms.clicked once", async () => {
    const { c, transactionId, shortUrl, path } = await sentLink();
    const first = await visit(path);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(LINK);
    expect(first.headers["cache-control"]).toBe("no-store");
    const clickedAt = (await db().smsMessage.findUniqueOrThrow({ where: { id: transactionId } })).clickedAt;
    expect(clickedAt).toBeInstanceOf(Date);

    expect((await visit(path)).status).toBe(302);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: transactionId } })).clickedAt).toEqual(clickedAt);
    const events = await clickEvents(transactionId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      transaction_id: transactionId,
      type: "sms",
      url: LINK,
      short_url: shortUrl,
    });
    expect(await db().shortLink.findFirstOrThrow({ where: { smsId: transactionId } })).toMatchObject({
      clicks: 2,
      firstClickedAt: expect.any(Date),
    });

    const status = await api("GET", `/api/v1/sms/status?transaction_id=${transactionId}`, { key: c.testKey });
    expect(status.body.data.clicked_at).toBe(clickedAt!.toISOString());
    expect(status.body.data.history.map((h: { status: string }) => h.status)).not.toContain("clicked");
  });

  it("answers a plain 410 page once the link has expired, and 404 for an id Kasa never made", async () => {
    const { transactionId, path } = await sentLink();
    await db().shortLink.updateMany({ where: { smsId: transactionId }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await visit(path);
    expect(expired.status).toBe(410);
    expect(expired.headers["content-type"]).toMatch(/^text\/html/);
    expect(expired.text).toContain("This link has expired");
    expect(expired.headers.location).toBeUndefined();
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: transactionId } })).clickedAt).toBeNull();

    expect((await visit("/l/ZZZZZZZZ")).status).toBe(404);
    expect((await visit("/l/not-an-id")).status).toBe(404);
  });

  it("on the deployment's short domain, is <short url>/<id>, served on that host only", async () => {
    await withConfig({ KASA_SHORT_URL: "https://k.example" }, async () => {
      const c = await apiCustomer();
      const res = await send(c.testKey, { to: "+233241234567", message: MESSAGE, shorten_links: true });
      const id = /https:\/\/k\.example\/([0-9A-Za-z]{7,})\./.exec(res.body.data.message)?.[1];
      expect(id, res.body.data.message).toBeDefined();

      const onShortHost = await visit(`/${id}`, { headers: { host: "k.example" } });
      expect(onShortHost.status).toBe(302);
      expect(onShortHost.headers.location).toBe(LINK);
      // Elsewhere a one-segment path is the app's own, never a short link; /l/<id> works on any host.
      expect((await visit(`/${id}`, { headers: { host: "kasa.test" } })).status).toBe(404);
      expect((await visit(`/l/${id}`)).status).toBe(302);
    });
  });
});

describe("a broadcast with shorten_links", () => {
  it("gives every recipient short links of their own, priced short, and its status counts who clicked", async () => {
    const c = await apiCustomer({ balance: 5 });
    const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Buyers" } })).body.data;
    const csv = ["phone,first_name", "+233241290001,Ama", "+233241290002,Kofi"].join("\n");
    await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } });

    const template = await api("POST", "/api/v1/templates", {
      key: c.liveKey,
      body: { name: "Offer", channel: "sms", body: `Hi {{first_name}}, your offer: ${LINK}`, shorten_links: true },
    });
    expect(template.body.data).toMatchObject({ shorten_links: true });
    const preview = await api("POST", "/api/v1/templates/preview", {
      key: c.liveKey,
      body: { template_id: template.body.data.id },
    });
    expect(preview.body.data).toMatchObject({ segments: 1, body: expect.stringContaining(`${shortUrlBase()}/`) });

    const created = await api("POST", "/api/v1/broadcasts", {
      key: c.liveKey,
      body: {
        name: "Offer",
        channel: "sms",
        list_id: list.id,
        template_id: template.body.data.id,
        category: "transactional",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const b = created.body.data;
    expect(b.shorten_links).toBe(true);
    // Two recipients, one segment each: the sample is priced with its short link.
    const route = (await db().country.findUniqueOrThrow({ where: { iso2: "GH" } })).route;
    const each = (await db().smsPrice.findUniqueOrThrow({ where: { route } })).pricePerSegmentMicros;
    expect(b.estimated_cost.amount).toBe(Number(2n * each) / 1e6);

    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
    for (let i = 0; i < 50; i++) {
      await pumpBroadcasts();
      if ((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status === "sent") break;
    }
    const messages = await db().smsMessage.findMany({ where: { broadcastId: b.id }, orderBy: { toNumber: "asc" } });
    expect(messages.map((m) => m.segments)).toEqual([1, 1]);
    const links = await db().shortLink.findMany({ where: { smsId: { in: messages.map((m) => m.id) } } });
    expect(links).toHaveLength(2);
    expect(new Set(links.map((l) => l.id)).size).toBe(2);
    for (const m of messages) expect(m.body).toContain(`${shortUrlBase()}/${links.find((l) => l.smsId === m.id)!.id}`);

    expect((await visit(`/l/${links[0]!.id}`)).status).toBe(302);
    const status = await api("GET", `/api/v1/broadcasts/status?id=${b.id}`, { key: c.liveKey });
    expect(status.body.data.clicked).toBe(1);
    expect(status.body.data.shorten_links).toBe(true);
  });
});
