// Sending on WhatsApp (issue #42, points 3 and 4) against a local Graph API speaking Meta's Cloud API: a template
// sent, held, and charged when Meta says delivered; refusals before any charge (no template, not approved, wrong
// variables, outside the 24-hour window); a window opened by a person's message and closed 24 hours after it;
// statuses out of order and twice; Meta's refusal and a failed status refunded with their reason; a lost answer
// left unknown, never sent again, and settled by Meta's status; a dead process's send settled by the worker.
import { describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { db } from "../../db/client";
import { events, ledger, metaPosts, send, status, useLiveWhatsapp } from "../../../test/whatsapp-live-number";

const { graph, liveNumber } = useLiveWhatsapp();

describe("WhatsApp sends", () => {
  it("sends an approved template, holds its price, and charges it once when Meta says delivered, read before delivered", async () => {
    const { c, number, phoneNumberId } = await liveNumber();
    const res = await send(c.liveKey, {
      to: "+233241234567",
      template: { name: "order_update", language: "en_US", variables: ["Ama", "#1042"] },
      reference: "order-1042",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = res.body.data;
    expect(sent).toMatchObject({
      status: "sent",
      direction: "outbound",
      to: "+233241234567",
      from: "+233 30 000 0001",
      number_id: number.id,
      type: "template",
      category: "utility",
      body: "Hi Ama, your order #1042 is on its way.",
      price: { amount: 0.006, currency: "USD" },
      reference: "order-1042",
    });
    expect(sent.transaction_id).toMatch(/^wam_/);
    // Meta got the template with its parameters, and Kasa's transaction id as the callback data.
    const request = graph.sent.at(-1)!;
    expect(request.phoneNumberId).toBe(phoneNumberId);
    expect(request.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "+233241234567",
      type: "template",
      template: {
        name: "order_update",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ama" },
              { type: "text", text: "#1042" },
            ],
          },
        ],
      },
      biz_opaque_callback_data: sent.transaction_id,
    });
    expect(sent.message_id).toBe(request.wamid);
    // Held, not yet charged.
    expect(await ledger(sent.transaction_id)).toEqual([["reserve", -6000]]);

    // Meta's read comes before its delivered, then both again: delivered and read raised once each, in order.
    await metaPosts(number.id, status(sent.message_id, "read"));
    await metaPosts(number.id, status(sent.message_id, "delivered"));
    await metaPosts(number.id, status(sent.message_id, "read"));
    const now = await api("GET", `/api/v1/whatsapp/messages/${sent.transaction_id}`, { key: c.liveKey });
    expect(now.body.data).toMatchObject({ status: "read" });
    expect(now.body.data.delivered_at).not.toBeNull();
    expect(await events(sent.transaction_id)).toEqual(["whatsapp.sent", "whatsapp.delivered", "whatsapp.read"]);
    expect(await ledger(sent.transaction_id)).toEqual([
      ["reserve", -6000],
      ["capture", 0],
    ]);
    // A failed status after it was read changes nothing.
    await metaPosts(
      number.id,
      status(sent.message_id, "failed", { errors: [{ code: 131026, title: "Message undeliverable" }] }),
    );
    expect(await ledger(sent.transaction_id)).toHaveLength(2);
  });

  it("refuses before any charge: unknown template, one not approved, wrong variables, nothing to send, no number", async () => {
    const { c } = await liveNumber();
    const before = await footprint(c.accountId);
    const cases: [Record<string, unknown>, string][] = [
      [{ template: { name: "nope", language: "en_US" } }, "template_not_found"],
      [{ template: { name: "promo_pending", language: "en_US", variables: ["Kasa"] } }, "template_not_approved"],
      [{ template: { name: "order_update", language: "en_US", variables: ["Ama"] } }, "template_variables"],
      [{ text: "hello" }, "outside_customer_service_window"],
    ];
    for (const [body, reason] of cases) {
      const res = await send(c.liveKey, { to: "+233241234567", ...body });
      expect([res.status, res.body.error.code, res.body.error.reason], reason).toEqual([
        400,
        "INVALID_REQUEST",
        reason,
      ]);
    }
    const both = await send(c.liveKey, { to: "+233241234567", text: "a", template: { name: "x", language: "en" } });
    expect([both.status, both.body.error.code]).toEqual([400, "INVALID_REQUEST"]);
    const bare = await apiCustomer({ balance: 1 });
    const none = await send(bare.liveKey, {
      to: "+233241234567",
      template: { name: "order_update", language: "en_US" },
    });
    expect(none.body.error.reason).toBe("no_whatsapp_number");
    expect(await footprint(c.accountId)).toEqual(before);
    expect(graph.sent.filter((s) => s.body.text)).toHaveLength(0);
  });

  it("lets text through only inside the 24-hour window a person's message opened, and says when it closed", async () => {
    const { c, number } = await liveNumber();
    const wrote = (seconds: number, id: string) =>
      metaPosts(number.id, {
        contacts: [{ wa_id: "233241110000", profile: { name: "Kofi" } }],
        messages: [
          { from: "233241110000", id, timestamp: String(seconds), type: "text", text: { body: "Is it in blue?" } },
        ],
      });
    // Kofi wrote 25 hours ago: the window closed an hour ago.
    const old = Math.floor(Date.now() / 1000) - 25 * 3600;
    await wrote(old, "wamid.kofi-old");
    const closed = await send(c.liveKey, { to: "+233241110000", text: "Yes, in blue" });
    expect(closed.body.error).toMatchObject({
      reason: "outside_customer_service_window",
      window_closed_at: new Date((old + 24 * 3600) * 1000).toISOString(),
    });
    // He writes now (posted twice by Meta): one message, one event, and the window opens.
    await wrote(Math.floor(Date.now() / 1000), "wamid.kofi-new");
    await wrote(Math.floor(Date.now() / 1000), "wamid.kofi-new");
    const inbound = await db().whatsappMessage.findMany({ where: { accountId: c.accountId, direction: "inbound" } });
    expect(inbound.map((m) => [m.body, m.profileName])).toEqual([
      ["Is it in blue?", "Kofi"],
      ["Is it in blue?", "Kofi"],
    ]);
    const received = await db().event.findMany({ where: { accountId: c.accountId, event: "whatsapp.received" } });
    expect(received).toHaveLength(2);
    expect(received[1]!.data).toMatchObject({ from: "+233241110000", body: "Is it in blue?", profile_name: "Kofi" });

    const open = await send(c.liveKey, { to: "+233241110000", text: "Yes, in blue" });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data).toMatchObject({ type: "text", category: "service", price: { amount: 0.001 } });
    expect(graph.sent.at(-1)!.body).toMatchObject({ type: "text", text: { body: "Yes, in blue" } });
    const image = await send(c.liveKey, {
      to: "+233241110000",
      image: { url: "https://shop.example/blue.png", caption: "The blue one" },
    });
    expect(image.status).toBe(200);
    expect(graph.sent.at(-1)!.body).toMatchObject({ type: "image", image: { link: "https://shop.example/blue.png" } });

    const conversation = await api("GET", `/api/v1/whatsapp/messages?contact=%2B233241110000&number_id=${number.id}`, {
      key: c.liveKey,
    });
    expect(conversation.body.data.messages.map((m: { direction: string }) => m.direction)).toEqual([
      "outbound",
      "outbound",
      "inbound",
      "inbound",
    ]);
    expect(conversation.body.data.window.open).toBe(true);
  });

  it("refunds what Meta refuses, and what Meta fails after taking it (131026), with the reason", async () => {
    const { c, number } = await liveNumber();
    graph.scripted.set("233241230001", {
      status: 400,
      code: 131026,
      title: "Message Undeliverable",
      details: "Unable to deliver",
    });
    const refused = await send(c.liveKey, {
      to: "+233241230001",
      template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
    });
    expect([refused.status, refused.body.error.code, refused.body.error.reason, refused.body.error.meta_code]).toEqual([
      400,
      "WHATSAPP_SEND_FAILED",
      "whatsapp_undeliverable",
      131026,
    ]);
    const tx = refused.body.error.transaction_id;
    expect(await ledger(tx)).toEqual([
      ["reserve", -6000],
      ["refund", 6000],
    ]);

    const taken = await send(c.liveKey, {
      to: "+233241230002",
      template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
    });
    const sent = taken.body.data;
    await metaPosts(
      number.id,
      status(sent.message_id, "failed", {
        errors: [
          { code: 131026, title: "Message undeliverable", error_data: { details: "The number is not on WhatsApp" } },
        ],
      }),
    );
    await metaPosts(number.id, status(sent.message_id, "delivered"));
    expect(await ledger(sent.transaction_id)).toEqual([
      ["reserve", -6000],
      ["refund", 6000],
    ]);
    const failed = await db().event.findFirstOrThrow({
      where: { transactionId: sent.transaction_id, event: "whatsapp.failed" },
    });
    expect(failed.data).toMatchObject({
      status: "failed",
      reason: "whatsapp_undeliverable",
      error: {
        code: 131026,
        message: "Message undeliverable: The number is not on WhatsApp",
        explanation: { title: "Not deliverable on WhatsApp" },
      },
    });
    expect(await events(sent.transaction_id)).toEqual(["whatsapp.sent", "whatsapp.failed"]);
  });

  it("leaves a send whose answer was lost unknown and held, sends it once, and settles it by Meta's status", async () => {
    const { c, number } = await liveNumber();
    graph.scripted.set("233241230003", "hang");
    const key = "lost-answer-1";
    const body = { to: "+233241230003", template: { name: "order_update", language: "en_US", variables: ["A", "B"] } };
    const first = await api("POST", "/api/v1/whatsapp/send", {
      key: c.liveKey,
      body: { ...body, idempotency_key: key },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.status).toBe("unknown");
    expect(first.body.data.detail).toMatch(/not sent again/);
    const tx = first.body.data.transaction_id;
    // Asked again with the same key: the same message, not a second send.
    const again = await api("POST", "/api/v1/whatsapp/send", {
      key: c.liveKey,
      body: { ...body, idempotency_key: key },
    });
    expect(again.body.data.transaction_id).toBe(tx);
    expect(graph.sent.filter((s) => s.body.to === "+233241230003")).toHaveLength(1);
    expect(await ledger(tx)).toEqual([["reserve", -6000]]);
    // Meta did take it: its statuses carry Kasa's transaction id as the callback data.
    await metaPosts(number.id, status("wamid.lost-1", "delivered", { biz_opaque_callback_data: tx }));
    const settled = await db().whatsappMessage.findUniqueOrThrow({ where: { id: tx } });
    expect([settled.status, settled.wamid]).toEqual(["delivered", "wamid.lost-1"]);
    expect(await ledger(tx)).toEqual([
      ["reserve", -6000],
      ["capture", 0],
    ]);
    expect(await events(tx)).toEqual(["whatsapp.sent", "whatsapp.delivered"]);
  });
});
