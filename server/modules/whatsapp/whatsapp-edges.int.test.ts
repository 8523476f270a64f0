// WhatsApp's crash rules and Meta's webhook at its edges (issue #42, points 3 and 4): a send its process left
// pending, Meta not reachable at all, one Meta app's callback carrying several numbers' changes, a post of an
// unexpected shape, and a person's photo served through a signed Kasa link.
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { api } from "../../../test/api";
import { db, sql } from "../../db/client";
import {
  APP_SECRET,
  TOKEN,
  WABA,
  ledger,
  useLiveWhatsapp,
  metaPosts,
  newPhoneNumberId,
  send,
  status,
} from "../../../test/whatsapp-live-number";
import { settleWhatsappSends } from "./settle-whatsapp-sends";
import { configure } from "../../config/config";
import { serveWhatsappMedia } from "../../http/callbacks/serve-whatsapp-media";

const { graph, liveNumber } = useLiveWhatsapp();

describe("WhatsApp sends at the edges", () => {
  it("settles a send its process left pending: unknown past Meta's timeout, refunded when Meta never posts a status", async () => {
    const { c } = await liveNumber();
    const res = await send(c.liveKey, {
      to: "+233241230004",
      template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
    });
    const tx = res.body.data.transaction_id;
    // As a process that died after the recovery point would leave it, a day and more ago.
    await sql().query(
      `UPDATE whatsapp_messages SET status = 'pending', created_at = now() - interval '25 hours' WHERE id = $1`,
      [tx],
    );
    // Made unknown (its process is gone), then, a day on with no status from Meta, failed and refunded.
    expect((await settleWhatsappSends()).unknown).toBeGreaterThanOrEqual(1);
    const row = await db().whatsappMessage.findUniqueOrThrow({ where: { id: tx } });
    expect([row.status, row.errorMessage]).toEqual([
      "failed",
      "Meta posted no status for it in 24 hours: it never took it",
    ]);
    expect(await ledger(tx)).toEqual([
      ["reserve", -6000],
      ["refund", 6000],
    ]);
    // Once. A message Meta took (sent) and said nothing more of is charged instead.
    await settleWhatsappSends();
    expect(await ledger(tx)).toHaveLength(2);
    const taken = await send(c.liveKey, {
      to: "+233241230005",
      template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
    });
    await sql().query(`UPDATE whatsapp_messages SET created_at = now() - interval '25 hours' WHERE id = $1`, [
      taken.body.data.transaction_id,
    ]);
    expect(await settleWhatsappSends()).toMatchObject({ captured: 1 });
    expect(await ledger(taken.body.data.transaction_id)).toEqual([
      ["reserve", -6000],
      ["capture", 0],
    ]);
  });

  it("refunds at once, 503, when Meta cannot be reached at all (nothing left this machine)", async () => {
    const { c, number } = await liveNumber();
    await api("GET", `/api/v1/whatsapp/templates?number_id=${number.id}`, { key: c.liveKey });
    // A port that was just free: nothing listens there, so the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const restore = configure({ WHATSAPP_GRAPH_URL: `http://127.0.0.1:${port}/v21.0` });
    try {
      const res = await send(c.liveKey, {
        to: "+233241230006",
        template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
      });
      expect([res.status, res.body.error.code, res.body.error.reason]).toEqual([
        503,
        "WHATSAPP_SEND_FAILED",
        "meta_unavailable",
      ]);
      expect(await ledger(res.body.error.transaction_id)).toEqual([
        ["reserve", -6000],
        ["refund", 6000],
      ]);
    } finally {
      restore();
    }
  });

  it("routes a post to the number Meta names in it (one Meta app, two numbers), and leaves another account's alone", async () => {
    const { c, number: first } = await liveNumber();
    // A second number of the same account on the same Meta app: Meta posts its changes to the app's one callback.
    const secondId = newPhoneNumberId();
    graph.numbers.set(secondId, {
      token: TOKEN,
      appSecret: APP_SECRET,
      wabaId: WABA,
      display_phone_number: "+233 30 000 0002",
      verified_name: "Kasa Shop 2",
      quality_rating: "GREEN",
    });
    const second = (
      await api("POST", "/api/v1/whatsapp/numbers", {
        key: c.liveKey,
        body: { phone_number_id: secondId, waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET },
      })
    ).body.data;
    const sent = (
      await send(c.liveKey, {
        to: "+233241230007",
        from: second.id,
        template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
      })
    ).body.data;
    await metaPosts(first.id, { metadata: { phone_number_id: secondId }, ...status(sent.message_id, "delivered") });
    expect((await db().whatsappMessage.findUniqueOrThrow({ where: { id: sent.transaction_id } })).status).toBe(
      "delivered",
    );
    // A person writing to the second number opens the second number's window, not the first's.
    await metaPosts(first.id, {
      metadata: { phone_number_id: secondId },
      messages: [
        {
          from: "233241230007",
          id: "wamid.to-second",
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: "text",
          text: { body: "hi" },
        },
      ],
    });
    expect(
      await db().whatsappContact.findMany({ where: { contact: "+233241230007" }, select: { numberId: true } }),
    ).toEqual([{ numberId: second.id }]);
    // Another account's number is not this post's to touch.
    const other = await liveNumber();
    const theirs = (
      await send(other.c.liveKey, {
        to: "+233241230008",
        template: { name: "order_update", language: "en_US", variables: ["A", "B"] },
      })
    ).body.data;
    await metaPosts(first.id, {
      metadata: { phone_number_id: other.phoneNumberId },
      ...status(theirs.message_id, "failed"),
    });
    expect((await db().whatsappMessage.findUniqueOrThrow({ where: { id: theirs.transaction_id } })).status).toBe(
      "sent",
    );
  });

  it("reads a post of an unexpected shape as empty, and serves a person's photo through a signed Kasa link", async () => {
    const { c, number, phoneNumberId } = await liveNumber();
    await metaPosts(number.id, {
      metadata: { phone_number_id: phoneNumberId },
      statuses: { not: "a list" },
      messages: 5,
    });
    expect(await db().whatsappWebhookPayload.count({ where: { numberId: number.id, processedAt: null } })).toBe(0);

    graph.media.set("777001", { token: TOKEN, bytes: Buffer.from("PNG-BYTES"), mime: "image/png" });
    await metaPosts(number.id, {
      metadata: { phone_number_id: phoneNumberId },
      contacts: [{ wa_id: "233241230009", profile: { name: "Esi" } }],
      messages: [
        {
          from: "233241230009",
          id: "wamid.photo-1",
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: "image",
          image: { id: "777001", mime_type: "image/png", sha256: "x", caption: "Is this the one?" },
        },
      ],
    });
    const event = await db().event.findFirstOrThrow({ where: { accountId: c.accountId, event: "whatsapp.received" } });
    const data = event.data as { media_url: string; body: string; message_type: string };
    expect([data.body, data.message_type]).toEqual(["Is this the one?", "image"]);
    expect(data.media_url).toMatch(/\/api\/whatsapp\/media\/wam_\w+\?e=\d+&s=[0-9a-f]{32}$/);
    const url = new URL(data.media_url);
    const id = url.pathname.split("/").at(-1)!;
    const file = await serveWhatsappMedia(new Request(url), id);
    expect([file.status, file.headers.get("content-type"), await file.text()]).toEqual([200, "image/png", "PNG-BYTES"]);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    const forged = new URL(url);
    forged.searchParams.set("s", "0".repeat(32));
    expect((await serveWhatsappMedia(new Request(forged), id)).status).toBe(404);
  });
});
