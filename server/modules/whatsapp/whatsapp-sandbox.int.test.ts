// The WhatsApp sandbox (issue #42, point 1): a test key sends from Kasa's sandbox number with no Meta account, free;
// its statuses come as Meta's would (delivered, then read; the SMS sandbox's numbers fail or lose the answer), through
// the same payloads and code as real receipts; a simulated person opens the 24-hour window.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { db, sql } from "../../db/client";
import { applyDueWhatsappPayloads } from "./apply-whatsapp-payload";

const send = (key: string, body: Record<string, unknown>) =>
  api("POST", "/api/v1/whatsapp/send", { key, body: { idempotency_key: `k-${Math.random()}`, ...body } });
const order = { template: { name: "kasa_order_update", language: "en", variables: ["Ama", "#7"] } };

/** The sandbox's statuses made due now (instead of waiting for their moment), and applied by the worker's pass. */
async function statusesArrive(accountId: string) {
  await sql().query(
    `UPDATE whatsapp_webhook_payloads SET apply_after = now()
     WHERE processed_at IS NULL AND number_id IN (SELECT id FROM whatsapp_numbers WHERE account_id = $1)`,
    [accountId],
  );
  await applyDueWhatsappPayloads();
}

const eventsOf = async (transactionId: string) =>
  (await db().event.findMany({ where: { transactionId }, orderBy: { id: "asc" } })).map((e) => [e.event, e.livemode]);

describe("the WhatsApp sandbox", () => {
  it("sends a sandbox template free from the sandbox number, then reports it delivered and read", async () => {
    const c = await apiCustomer();
    const numbers = (await api("GET", "/api/v1/whatsapp/numbers", { key: c.testKey })).body.data.numbers;
    expect(numbers).toEqual([expect.objectContaining({ sandbox: true, display_phone_number: "+1 555 0100 7200" })]);
    const templates = await api("GET", `/api/v1/whatsapp/templates?number_id=${numbers[0].id}`, { key: c.testKey });
    expect(templates.body.data.templates.map((t: { name: string; status: string }) => [t.name, t.status])).toEqual([
      ["kasa_order_update", "APPROVED"],
      ["kasa_pending_example", "PENDING"],
      ["kasa_verification", "APPROVED"],
      ["kasa_welcome", "APPROVED"],
    ]);

    const res = await send(c.testKey, { to: "+233200000001", ...order });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      body: "Hi Ama, your order #7 is on its way.",
      from: "+1 555 0100 7200",
    });
    const tx = res.body.data.transaction_id;
    await statusesArrive(c.accountId);
    const now = await api("GET", `/api/v1/whatsapp/messages/${tx}`, { key: c.testKey });
    expect(now.body.data.status).toBe("read");
    expect(await eventsOf(tx)).toEqual([
      ["whatsapp.sent", false],
      ["whatsapp.delivered", false],
      ["whatsapp.read", false],
    ]);
    // Free: no money moved. A live key does not see test messages.
    expect(await db().ledgerEntry.count({ where: { transactionId: tx } })).toBe(0);
    expect((await api("GET", `/api/v1/whatsapp/messages/${tx}`, { key: c.liveKey })).status).toBe(404);
    // A test key cannot send from a live number, nor name another.
    const other = await send(c.testKey, { to: "+233200000001", from: "wan_elsewhere", ...order });
    expect(other.body.error.reason).toBe("test_key_sandbox_only");
  });

  it("walks the failures: refused (…002), failed after it was sent (…005), Meta's answer lost (…004)", async () => {
    const c = await apiCustomer();
    const refused = await send(c.testKey, { to: "+233200000002", ...order });
    expect([refused.status, refused.body.error.code, refused.body.error.reason]).toEqual([
      400,
      "WHATSAPP_SEND_FAILED",
      "whatsapp_undeliverable",
    ]);
    const later = (await send(c.testKey, { to: "+233200000005", ...order })).body.data;
    const lost = (await send(c.testKey, { to: "+233200000004", ...order })).body.data;
    expect([later.status, lost.status]).toEqual(["sent", "unknown"]);
    await statusesArrive(c.accountId);
    const [failed, settled] = await Promise.all(
      [later, lost].map((m) => db().whatsappMessage.findUniqueOrThrow({ where: { id: m.transaction_id } })),
    );
    expect([failed!.status, failed!.errorCode, settled!.status]).toEqual(["failed", 131026, "delivered"]);
    expect(await eventsOf(lost.transaction_id)).toEqual([
      ["whatsapp.sent", false],
      ["whatsapp.delivered", false],
    ]);
  });

  it("opens the 24-hour window when a simulated person writes, and only then lets text through", async () => {
    const c = await apiCustomer();
    const closed = await send(c.testKey, { to: "+233200000001", text: "Hello" });
    expect(closed.body.error).toMatchObject({ reason: "outside_customer_service_window", window_closed_at: null });
    const wrote = await api("POST", "/api/v1/whatsapp/simulate", {
      key: c.testKey,
      body: { from: "+233200000001", text: "Where is my order?", profile_name: "Ama" },
    });
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
    expect(wrote.body.data).toMatchObject({
      direction: "inbound",
      status: "received",
      body: "Where is my order?",
      profile_name: "Ama",
    });
    expect(await eventsOf(wrote.body.data.transaction_id)).toEqual([["whatsapp.received", false]]);
    const open = await send(c.testKey, { to: "+233200000001", text: "On its way" });
    expect(open.status).toBe(200);
    // A live key may not play the person.
    const live = await api("POST", "/api/v1/whatsapp/simulate", {
      key: c.liveKey,
      body: { from: "+233200000001", text: "x" },
    });
    expect([live.status, live.body.error.reason]).toEqual([403, "test_key_required"]);
  });
});
