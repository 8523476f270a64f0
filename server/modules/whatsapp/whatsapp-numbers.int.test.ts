// Connecting a WhatsApp Business number (issue #42, point 1) against a local Graph API speaking Meta's wire format:
// Meta is asked before anything is kept, its refusals come back with their reason and write nothing, the secrets are
// sealed and never shown again, and Meta's webhook handshake and signed posts work on the number's own URL.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, apiCustomer, requestLogFor } from "../../../test/api";
import { useFakeWhatsappGraph } from "../../../test/use-fake-whatsapp-graph";
import { db } from "../../db/client";
import { unseal } from "../../lib/seal";
import { getRequest } from "../requestlog/list-requests";
import { receiveWhatsappWebhook, whatsappWebhookHandshake } from "../../http/callbacks/whatsapp-webhook";

const graph = useFakeWhatsappGraph();

const TOKEN = "EAAG-system-user-token-0123456789";
const APP_SECRET = "0123456789abcdef0123456789abcdef";
let nextId = 1_000_000;

function metaNumber(display = "+233 24 123 4567") {
  const id = String(nextId++);
  graph.numbers.set(id, {
    token: TOKEN,
    appSecret: APP_SECRET,
    display_phone_number: display,
    verified_name: "Kasa Bank",
    quality_rating: "GREEN",
  });
  return id;
}

const connect = (key: string, body: Record<string, unknown>) => api("POST", "/api/v1/whatsapp/numbers", { key, body });
const fields = (phoneNumberId: string) => ({
  phone_number_id: phoneNumberId,
  waba_id: "2001",
  access_token: TOKEN,
  app_secret: APP_SECRET,
});

describe("WhatsApp numbers", () => {
  it("connects a number Meta knows: its webhook URL and verify token once, its secrets sealed and never shown", async () => {
    const c = await apiCustomer();
    const id = metaNumber();
    const res = await connect(c.liveKey, fields(id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const number = res.body.data;
    expect(number).toMatchObject({
      phone_number_id: id,
      waba_id: "2001",
      display_phone_number: "+233 24 123 4567",
      verified_name: "Kasa Bank",
      quality_rating: "GREEN",
    });
    expect(number.webhook_url).toMatch(new RegExp(`/api/whatsapp/${number.id}$`));
    expect(number.verify_token).toMatch(/^[A-Za-z0-9]{40}$/);
    // Meta was asked with the token, for that number.
    expect(graph.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v21.0/${id}`,
      authorization: `Bearer ${TOKEN}`,
    });

    const row = await db().whatsappNumber.findUniqueOrThrow({ where: { id: number.id } });
    expect(row.accessToken).not.toContain(TOKEN);
    expect(unseal(row.accessToken!)).toBe(TOKEN);
    expect(unseal(row.appSecret!)).toBe(APP_SECRET);
    expect(row.verifyTokenHash).not.toContain(number.verify_token);

    const listed = await api("GET", "/api/v1/whatsapp/numbers", { key: c.liveKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.numbers).toHaveLength(1);
    // A test key's number is the sandbox, never the live one.
    const sandbox = (await api("GET", "/api/v1/whatsapp/numbers", { key: c.testKey })).body.data.numbers;
    expect(sandbox).toEqual([expect.objectContaining({ sandbox: true, phone_number_id: null, webhook_url: null })]);
    const shown = JSON.stringify(listed.body);
    for (const secret of [TOKEN, APP_SECRET, number.verify_token]) expect(shown).not.toContain(secret);
    // Nor in the request log, either way.
    const line = (await requestLogFor(c.accountId)).find(
      (l) => l.path === "/api/v1/whatsapp/numbers" && l.method === "POST",
    )!;
    const detail = JSON.stringify(await getRequest({ accountId: c.accountId, id: line.id.toString() }));
    for (const secret of [TOKEN, APP_SECRET, number.verify_token]) expect(detail).not.toContain(secret);
  });

  it("refuses with Meta's reason what Meta refuses, a test key, a taken number and bad fields, keeping nothing", async () => {
    const c = await apiCustomer();
    const id = metaNumber();
    const cases: [string, Record<string, unknown>, number, Record<string, unknown>][] = [
      [
        c.liveKey,
        { ...fields(id), access_token: "EAAG-someone-elses-token-000" },
        400,
        { code: "INVALID_REQUEST", reason: "meta_token_invalid", meta_code: 190 },
      ],
      [
        c.liveKey,
        fields("999999999999"),
        400,
        { code: "INVALID_REQUEST", reason: "meta_number_not_found", meta_code: 100 },
      ],
      [
        c.liveKey,
        { ...fields(id), app_secret: "ffffffffffffffffffffffffffffffff" },
        400,
        { code: "INVALID_REQUEST", reason: "meta_app_secret_invalid" },
      ],
      [c.testKey, fields(id), 403, { code: "FORBIDDEN", reason: "live_key_required" }],
      [
        c.liveKey,
        { ...fields(id), waba_id: "WABA-1" },
        400,
        { code: "INVALID_REQUEST", message: expect.stringContaining("waba_id") },
      ],
      [
        c.liveKey,
        { ...fields(id), app_secret: undefined },
        400,
        { code: "INVALID_REQUEST", message: expect.stringContaining("app_secret") },
      ],
    ];
    const asked = graph.requests.length;
    for (const [key, body, status, error] of cases) {
      const res = await connect(key, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toMatchObject(error);
    }
    // Only the three Meta refused reached Meta: bad fields and a test key are refused first.
    expect(graph.requests.length - asked).toBe(3);
    expect(await db().whatsappNumber.count({ where: { accountId: c.accountId } })).toBe(0);

    // Connected here, then asked again here and by another account (Meta letting both use it): 409. Whether a number
    // is here is told only to whom Meta lets use it.
    expect((await connect(c.liveKey, fields(id))).status).toBe(201);
    const again = await connect(c.liveKey, fields(id));
    expect([again.status, again.body.error.reason]).toEqual([409, "taken_by_you"]);
    const other = await apiCustomer();
    const theirs = await connect(other.liveKey, fields(id));
    expect([theirs.status, theirs.body.error.reason]).toEqual([409, "taken"]);
    const stranger = await connect(other.liveKey, { ...fields(id), access_token: "EAAG-a-stranger-token-0000000" });
    expect([stranger.status, stranger.body.error.reason]).toEqual([400, "meta_token_invalid"]);
  });

  it("answers 502 when Meta does not answer in time, keeping nothing", async () => {
    const c = await apiCustomer();
    const id = metaNumber();
    graph.holding = true;
    try {
      const res = await connect(c.liveKey, fields(id));
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.error.code).toBe("PROVIDER_ERROR");
    } finally {
      graph.holding = false;
    }
    expect(await db().whatsappNumber.count({ where: { accountId: c.accountId } })).toBe(0);
  });

  it("answers Meta's handshake with the number's verify token, keeps signed posts, refuses the rest", async () => {
    const c = await apiCustomer();
    const number = (await connect(c.liveKey, fields(metaNumber()))).body.data;
    const handshake = (token: string, mode = "subscribe") =>
      whatsappWebhookHandshake(
        new Request(`${number.webhook_url}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`),
        number.id,
      );
    const ok = await handshake(number.verify_token);
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    expect((await handshake("not-the-token")).status).toBe(403);
    expect((await handshake(number.verify_token, "unsubscribe")).status).toBe(403);

    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "2001", changes: [] }] });
    const post = (signature: string | null, id = number.id) =>
      receiveWhatsappWebhook(
        new Request(number.webhook_url, {
          method: "POST",
          body,
          headers: signature ? { "x-hub-signature-256": signature } : {},
        }),
        id,
      );
    const signed = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
    expect((await post(`sha256=${createHmac("sha256", "another-secret").update(body).digest("hex")}`)).status).toBe(
      401,
    );
    expect((await post(null)).status).toBe(401);
    expect(await db().whatsappWebhookPayload.count({ where: { numberId: number.id } })).toBe(0);
    expect((await post(signed)).status).toBe(200);
    const kept = await db().whatsappWebhookPayload.findMany({ where: { numberId: number.id } });
    expect(kept.map((k) => k.body)).toEqual([JSON.parse(body)]);
    // Another business account's entries in a signed post are not kept for this number; a post not Meta's shape is 400.
    const mixed = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        { id: "2001", changes: [{ field: "messages" }] },
        { id: "9999", changes: [{ field: "messages" }] },
      ],
    });
    const sign = (text: string) => `sha256=${createHmac("sha256", APP_SECRET).update(text).digest("hex")}`;
    const postBody = (text: string) =>
      receiveWhatsappWebhook(
        new Request(number.webhook_url, { method: "POST", body: text, headers: { "x-hub-signature-256": sign(text) } }),
        number.id,
      );
    expect((await postBody(mixed)).status).toBe(200);
    const latest = await db().whatsappWebhookPayload.findFirstOrThrow({
      where: { numberId: number.id },
      orderBy: { id: "desc" },
    });
    expect(latest.body).toEqual({
      object: "whatsapp_business_account",
      entry: [{ id: "2001", changes: [{ field: "messages" }] }],
    });
    expect((await postBody("[1,2,3]")).status).toBe(400);

    // Removed: its secrets go, and Meta's webhook finds nothing here.
    const removed = await api("DELETE", `/api/v1/whatsapp/numbers/${number.id}`, { key: c.liveKey });
    expect(removed.body.data).toEqual({ id: number.id, deleted: true });
    expect((await handshake(number.verify_token)).status).toBe(403);
    expect((await post(signed)).status).toBe(404);
    const gone = await api("DELETE", `/api/v1/whatsapp/numbers/${number.id}`, { key: c.liveKey });
    expect(gone.status).toBe(404);
  });
});
