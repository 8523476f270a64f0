// SMS broadcasts against a real SMPP peer (docs/decisions.md, "The broadcast worker"): personalised messages that reach the carrier once each,
// charged as the sum of their sends; opted-out and unreachable contacts skipped and counted; a worker that died
// mid-claim; pause and resume; a balance that runs out.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { db, sql } from "../../db/client";
import { creditBalance } from "../billing/credit-balance";
import { pumpBroadcasts } from "./run-broadcasts";
import { waitUntil } from "../../../test/wait-until";
import { registerSenderId } from "../senders/register-sender-id";
import { decideSenderId } from "../senders/decide-sender-id";

const smsc = useLocalSmsc();

type Customer = Awaited<ReturnType<typeof apiCustomer>>;

async function audience(c: Customer, rows: string[]) {
  const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Customers" } })).body.data;
  const csv = ["phone,email,first_name,city", ...rows].join("\n");
  const imported = await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } });
  expect(imported.body.data.skipped).toEqual([]);
  return list.id as string;
}

async function broadcast(
  c: Customer,
  listId: string,
  body = 'Hi {{first_name | "friend"}}, {{attributes.city}} sale today',
) {
  const created = await api("POST", "/api/v1/broadcasts", {
    key: c.liveKey,
    body: { name: "Sale", channel: "sms", list_id: listId, body, category: "transactional" },
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

async function pumpUntil(id: string, done: (status: string) => boolean, rounds = 50) {
  for (let i = 0; i < rounds; i++) {
    await pumpBroadcasts();
    const b = await db().broadcast.findUniqueOrThrow({ where: { id } });
    if (done(b.status)) return b;
  }
  throw new Error(`broadcast ${id} never got there`);
}

const textsTo = (number: string) =>
  smsc.submitted
    .filter((s) => s.pdu.destination_addr === number.slice(1))
    .map((s) => (s.pdu.short_message as { message: string }).message);

async function price() {
  const route = (await db().country.findUniqueOrThrow({ where: { iso2: "GH" } })).route;
  return (await db().smsPrice.findUniqueOrThrow({ where: { route } })).pricePerSegmentMicros;
}

describe("an SMS broadcast", () => {
  it("reaches each subscribed contact once with their own name, skips the rest, and costs the sum of its sends", async () => {
    const c = await apiCustomer({ balance: 5 });
    const listId = await audience(c, [
      "+233241260001,,Ama,Accra",
      "+233241260002,,,Kumasi",
      "+233241260003,,Kofi,Tamale",
      ",esi@example.com,Esi,Ho",
    ]);
    await sql().query(`UPDATE contacts SET sms_unsubscribed_at = now() WHERE account_id = $1 AND phone = $2`, [
      c.accountId,
      "+233241260003",
    ]);
    const each = await price();
    const b = await broadcast(c, listId);
    expect(b).toMatchObject({ status: "draft", recipients: 4 });
    expect(b.estimated_cost).toEqual({ amount: Number(2n * each) / 1e6, currency: "USD" });
    expect(smsc.submitted.filter((s) => String(s.pdu.destination_addr).startsWith("23324126"))).toHaveLength(0);

    const sent = await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
    expect(sent.body.data.status).toBe("sending");
    await pumpUntil(b.id, (s) => s === "sent");
    expect(textsTo("+233241260001")).toEqual(["Hi Ama, Accra sale today"]);
    expect(textsTo("+233241260002")).toEqual(["Hi friend, Kumasi sale today"]);
    expect(textsTo("+233241260003")).toEqual([]);

    const status = await api("GET", `/api/v1/broadcasts/status?id=${b.id}`, { key: c.liveKey });
    expect(status.body.data).toMatchObject({
      status: "sent",
      counts: { queued: 0, sent: 2, delivered: 0, failed: 0, skipped_unsubscribed: 1, skipped_invalid: 1 },
      cost: { amount: Number(2n * each) / 1e6, currency: "USD" },
    });
    const sms = await db().smsMessage.findMany({ where: { accountId: c.accountId } });
    expect(sms.map((s) => [s.reference, s.broadcastId])).toEqual([
      [b.id, b.id],
      [b.id, b.id],
    ]);
    const sentEvents = await db().event.findMany({ where: { accountId: c.accountId, event: "sms.sent" } });
    expect(sentEvents.map((e) => (e.data as { broadcast_id?: string }).broadcast_id)).toEqual([b.id, b.id]);
    const ledger = await db().ledgerEntry.findMany({ where: { accountId: c.accountId, kind: "reserve" } });
    expect(ledger.reduce((t, l) => t - l.amountMicros, 0n)).toBe(2n * each);
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(
      5_000_000n - 2n * each,
    );
    // A finished broadcast cannot be sent again.
    const again = await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
    expect(again.body.error).toMatchObject({ code: "CONFLICT", reason: "broadcast_status", status: "sent" });
  });

  it("counts apart a recipient on a network that has not approved the sender ID, or sends it the default sender when asked", async () => {
    const c = await apiCustomer({ balance: 5 });
    const name = `Net${c.accountId.slice(-6).replace(/[^A-Za-z]/g, "x")}`.slice(0, 11);
    const sender = await registerSenderId({ accountId: c.accountId, name, countryIso: "GH" });
    await decideSenderId({ id: sender.id, network: "mtn", status: "approved", actor: "test" });
    // No lookup provider here: each number is on its range's network (024: MTN, 020: Telecel).
    const listId = await audience(c, ["+233241330001,,Ama,Accra", "+233201330002,,Kofi,Tema"]);
    for (const fallback of [false, true]) {
      const created = await api("POST", "/api/v1/broadcasts", {
        key: c.liveKey,
        body: {
          name: `Net ${fallback}`,
          channel: "sms",
          list_id: listId,
          body: "Hi {{first_name}}",
          from: name,
          category: "transactional",
          sender_fallback: fallback,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: created.body.data.id } });
      await pumpUntil(created.body.data.id, (s) => s === "sent");
      const status = await api("GET", `/api/v1/broadcasts/status?id=${created.body.data.id}`, { key: c.liveKey });
      const counts = status.body.data.counts;
      expect(counts.skipped_network, `fallback ${fallback}`).toBe(fallback ? 0 : 1);
      expect(counts.sent + counts.delivered, `fallback ${fallback}`).toBe(fallback ? 2 : 1);
    }
    // The MTN number got the sender ID both times; the Telecel number only the default sender, once.
    const senders = (number: string) =>
      smsc.submitted.filter((s) => s.pdu.destination_addr === number.slice(1)).map((s) => String(s.pdu.source_addr));
    expect(senders("+233241330001")).toEqual([name, name]);
    expect(senders("+233201330002")).toHaveLength(1);
    expect(senders("+233201330002")[0]).not.toBe(name);
  });

  it("queues again what a dead worker claimed but never sent, and sends it once", async () => {
    const c = await apiCustomer({ balance: 5 });
    const listId = await audience(c, ["+233241270001,,Ama,Accra", "+233241270002,,Yaw,Accra"]);
    const b = await broadcast(c, listId);
    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
    // The worker died after claiming both, before making either message.
    await sql().query(
      `UPDATE broadcast_recipients SET status = 'sending', transaction_id = 'sms_dead_' || contact_id,
              updated_at = now() - interval '3 minutes' WHERE broadcast_id = $1`,
      [b.id],
    );
    await pumpUntil(b.id, (s) => s === "sent");
    expect(textsTo("+233241270001")).toHaveLength(1);
    expect(textsTo("+233241270002")).toHaveLength(1);
  });

  it("pauses and resumes at the plan's pace, and pauses itself rather than send unpaid", async () => {
    const each = await price();
    // The free plan sends 5 SMS a minute: one a tick.
    const c = await apiCustomer({ plan: "free", balance: Number(2n * each) / 1e6 });
    const numbers = ["+233241280001", "+233241280002", "+233241280003", "+233241280004"];
    const listId = await audience(
      c,
      numbers.map((n, i) => `${n},,P${i},Accra`),
    );
    const b = await broadcast(c, listId, "Hi {{first_name}}");
    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
    await pumpBroadcasts();
    const sentSoFar = () => numbers.filter((n) => textsTo(n).length).length;
    expect(sentSoFar()).toBe(1);
    const paused = await api("POST", "/api/v1/broadcasts/pause", { key: c.liveKey, body: { id: b.id } });
    expect(paused.body.data).toMatchObject({ status: "paused", pause_reason: "paused" });
    await pumpBroadcasts();
    expect(sentSoFar()).toBe(1);
    expect(
      (await api("POST", "/api/v1/broadcasts/resume", { key: c.liveKey, body: { id: b.id } })).body.data.status,
    ).toBe("sending");
    // The second send takes the balance to zero; the third finds it short and the broadcast stops itself.
    const stopped = await pumpUntil(b.id, (s) => s === "paused");
    expect(stopped.pauseReason).toBe("insufficient_balance");
    expect(sentSoFar()).toBe(2);
    const status = (await api("GET", `/api/v1/broadcasts/status?id=${b.id}`, { key: c.liveKey })).body.data;
    expect(status.counts).toMatchObject({ queued: 2, sent: 2, failed: 0 });
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(0n);

    await creditBalance({ accountId: c.accountId, amountMicros: 2n * each, reason: "test", actor: "test" });
    await api("POST", "/api/v1/broadcasts/resume", { key: c.liveKey, body: { id: b.id } });
    await pumpUntil(b.id, (s) => s === "sent");
    expect(numbers.map((n) => textsTo(n).length)).toEqual([1, 1, 1, 1]);
  });

  it("waits for its time when scheduled, and can be cancelled before", async () => {
    const c = await apiCustomer({ balance: 1 });
    const listId = await audience(c, ["+233241290001,,Ama,Accra"]);
    const created = await api("POST", "/api/v1/broadcasts", {
      key: c.liveKey,
      body: {
        name: "Later",
        channel: "sms",
        list_id: listId,
        body: "Later",
        category: "transactional",
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    const b = created.body.data;
    expect(
      (await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } })).body.data.status,
    ).toBe("scheduled");
    await pumpBroadcasts();
    expect(textsTo("+233241290001")).toEqual([]);
    // Its time comes (as after a restart: the worker only reads the database).
    await sql().query(`UPDATE broadcasts SET scheduled_at = now() - interval '1 second' WHERE id = $1`, [b.id]);
    await pumpUntil(b.id, (s) => s === "sent");
    expect(textsTo("+233241290001")).toEqual(["Later"]);

    const other = (
      await api("POST", "/api/v1/broadcasts", {
        key: c.liveKey,
        body: {
          name: "Never",
          channel: "sms",
          list_id: listId,
          body: "Never",
          category: "transactional",
          scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      })
    ).body.data;
    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: other.id } });
    expect(
      (await api("POST", "/api/v1/broadcasts/cancel", { key: c.liveKey, body: { id: other.id } })).body.data.status,
    ).toBe("cancelled");
    await sql().query(`UPDATE broadcasts SET scheduled_at = now() - interval '1 second' WHERE id = $1`, [other.id]);
    await pumpBroadcasts();
    expect(textsTo("+233241290001")).toEqual(["Later"]);
  });

  it("skips a contact who replied STOP (any case), raising contact.unsubscribed, until they reply START", async () => {
    const c = await apiCustomer({ balance: 5 });
    const listId = await audience(c, ["+233241310001,,Ama,Accra", "+233241310002,,Yaw,Accra"]);
    const first = await broadcast(c, listId, "First {{first_name}}");
    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: first.id } });
    await pumpUntil(first.id, (s) => s === "sent");
    const sender = String(smsc.submitted.find((m) => m.pdu.destination_addr === "233241310001")!.pdu.source_addr);
    const events = (event: string) => db().event.findMany({ where: { accountId: c.accountId, event } });

    await smsc.inbound("+233241310001", sender, " Stop! ");
    await waitFor(async () => (await events("contact.unsubscribed")).length === 1);
    expect((await events("contact.unsubscribed"))[0]!.data).toMatchObject({ phone: "+233241310001", keyword: "STOP!" });
    await smsc.inbound("+233241310001", sender, "stop"); // already out: nothing new
    const second = await broadcast(c, listId, "Second {{first_name}}");
    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: second.id } });
    await pumpUntil(second.id, (s) => s === "sent");
    expect(textsTo("+233241310001")).toEqual(["First Ama"]);
    expect(textsTo("+233241310002")).toEqual(["First Yaw", "Second Yaw"]);
    const status = (await api("GET", `/api/v1/broadcasts/status?id=${second.id}`, { key: c.liveKey })).body.data;
    expect(status.counts).toMatchObject({ sent: 1, skipped_unsubscribed: 1 });
    expect(await events("contact.unsubscribed")).toHaveLength(1);

    await smsc.inbound("+233241310001", sender, "START");
    await waitFor(async () => (await events("contact.subscribed")).length === 1);
    const contact = (await api("GET", "/api/v1/contacts?q=%2B233241310001", { key: c.liveKey })).body.data.contacts[0];
    expect(contact.subscribed).toEqual({ sms: true, email: true });

    // A STOP long after the last message is still honoured; and the opt-out outlives the contact: deleted and
    // imported again, the number comes back unsubscribed.
    await sql().query(`UPDATE sms_messages SET created_at = now() - interval '30 days' WHERE account_id = $1`, [
      c.accountId,
    ]);
    await smsc.inbound("+233241310001", sender, "STOP");
    await waitFor(async () => (await events("contact.unsubscribed")).length === 2);
    await api("DELETE", `/api/v1/contacts?id=${contact.id}`, { key: c.liveKey });
    await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv: "phone\n0241310001" } });
    const again = (await api("GET", "/api/v1/contacts?q=0241310001", { key: c.liveKey })).body.data.contacts[0];
    expect(again.id).not.toBe(contact.id);
    expect(again.subscribed).toEqual({ sms: false, email: true });
    // And a START as late undoes it.
    await smsc.inbound("+233241310001", sender, "START");
    await waitFor(async () => (await events("contact.subscribed")).length === 2);
    const back = (await api("GET", "/api/v1/contacts?q=0241310001", { key: c.liveKey })).body.data.contacts[0];
    expect(back.subscribed).toEqual({ sms: true, email: true });
  });

  it("shares the plan's per-minute rate between an account's broadcasts, whatever the ticks", async () => {
    const c = await apiCustomer({ plan: "free", balance: 5 });
    const numbers = Array.from({ length: 8 }, (_, i) => `+23324132000${i}`);
    const one = await audience(
      c,
      numbers.slice(0, 4).map((n) => `${n},,A,Accra`),
    );
    const two = await audience(
      c,
      numbers.slice(4).map((n) => `${n},,B,Accra`),
    );
    for (const listId of [one, two]) {
      const b = await broadcast(c, listId, "Hello {{first_name}}");
      await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
    }
    for (let i = 0; i < 12; i++) await pumpBroadcasts();
    const sent = numbers.filter((n) => textsTo(n).length).length;
    // Five a minute (the free plan), unless this minute ended while they ran: then at most five more. Unpaced, the
    // two would have sent all twelve (one each a tick).
    expect(sent).toBeGreaterThanOrEqual(5);
    expect(sent).toBeLessThanOrEqual(10);
    expect(await db().smsMessage.count({ where: { accountId: c.accountId } })).toBe(sent);
  });
});

function waitFor(check: () => Promise<boolean>) {
  return waitUntil(check, "the broadcast's condition", { timeoutMs: 5_000 });
}
