import { describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { pinClockForThisTest } from "../../../test/clock";
import { waitUntil } from "../../../test/wait-until";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "../webhooks/sign-webhook";
import { dialUssd } from "./dial-ussd";
import { runUssdHop } from "./run-ussd-hop";
import { endIdleUssdSessions } from "./end-idle-ussd-sessions";
import { openSessionBySource } from "./ussd-session-store";

const { receiver } = useWebhookReceiver();

/** A live code staff assigned to an account with `balance` (USD), its app the local receiver. */
async function liveCode(balance: number, plan: "enterprise" | "free" = "enterprise") {
  const c = await apiCustomer({ balance, plan });
  const row = await db().ussdCode.create({
    data: {
      id: newId("ussd"),
      accountId: c.accountId,
      code: `*920*${Math.floor(Math.random() * 1e6)}#`,
      mode: "live",
      kind: "extension",
      callbackUrl: receiver.url,
      signingSecret: seal(newWebhookSecret()),
    },
  });
  return { c, code: { ...row, planId: plan } };
}

const dial = (code: Awaited<ReturnType<typeof liveCode>>["code"], sourceSession: string) =>
  dialUssd({
    code,
    source: "smpp:test-bind",
    sourceSession,
    phoneNumber: "+233241234567",
    country: "GH",
    network: "mtn",
    networkCode: "62001",
    mode: "live",
    receivedAt: performance.now(),
    ca: receiver.cert,
  });

const balanceOf = async (accountId: string) =>
  (await db().account.findUniqueOrThrow({ where: { id: accountId } })).balanceMicros;

describe("a live USSD session's price", () => {
  it("is held when the session opens and charged once when it ends, by Ghana's price", async () => {
    const { c, code } = await liveCode(1);
    receiver.reply = () => ({ status: 200, body: "CON Menu\n1. Pay" });
    const opened = await dial(code, `bind-1:${c.accountId}`);
    expect(opened.answer?.continues).toBe(true);
    expect(await balanceOf(c.accountId)).toBe(985_000n);
    // A dial while it is under way is the subscriber's again (the network dropped the dialogue unannounced): the
    // first ends as the network's doing, charged once, and the new one is held on its own.
    const again = await dial(code, `bind-1:${c.accountId}`);
    expect(again.session.id).not.toBe(opened.session.id);
    expect(again.answer?.continues).toBe(true);
    const first = await db().ussdSession.findUniqueOrThrow({ where: { id: opened.session.id } });
    expect(first).toMatchObject({ status: "ended", endedReason: "network_abort" });
    expect(await balanceOf(c.accountId)).toBe(970_000n);
    receiver.reply = () => ({ status: 200, body: "END Paid" });
    const session = (await openSessionBySource("smpp:test-bind", `bind-1:${c.accountId}`))!;
    const last = await runUssdHop({ session, code, input: "1", receivedAt: performance.now(), ca: receiver.cert });
    expect(last).toMatchObject({ continues: false, endedReason: "app_end" });
    for (const id of [opened.session.id, again.session.id]) {
      const ledger = await db().ledgerEntry.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } });
      expect(ledger.map((e) => [e.kind, e.amountMicros])).toEqual([
        ["reserve", -15_000n],
        ["capture", 0n],
      ]);
    }
    expect(await balanceOf(c.accountId)).toBe(970_000n);
    const row = await db().ussdSession.findUniqueOrThrow({ where: { id: again.session.id } });
    expect(row).toMatchObject({ status: "ended", endedReason: "app_end", priceMicros: 15_000n });
    const event = await db().event.findFirstOrThrow({ where: { transactionId: again.session.id } });
    expect(event).toMatchObject({ event: "ussd.session.ended", livemode: true });
    // Ended: the idle sweep finds nothing to charge again.
    await endIdleUssdSessions(new Date(Date.now() + 3_600_000));
    expect(await db().ledgerEntry.count({ where: { transactionId: again.session.id } })).toBe(2);
  });

  it("is charged once for a session a dead process left open, when the idle sweep ends it", async () => {
    const { c, code } = await liveCode(1);
    receiver.reply = () => ({ status: 200, body: "CON Still there?" });
    const opened = await dial(code, `bind-2:${c.accountId}`);
    // Nothing more comes: the process that held it is gone, the subscriber's network gave up.
    const later = new Date(Date.now() + 121_000);
    await endIdleUssdSessions(later);
    await endIdleUssdSessions(later);
    const row = await db().ussdSession.findUniqueOrThrow({ where: { id: opened.session.id } });
    expect(row).toMatchObject({ status: "ended", endedReason: "timeout" });
    const kinds = (await db().ledgerEntry.findMany({ where: { transactionId: opened.session.id } })).map((e) => e.kind);
    expect(kinds.sort()).toEqual(["capture", "reserve"]);
    expect(await balanceOf(c.accountId)).toBe(985_000n);
  });

  it("opens no session the balance cannot pay for: the failure text, the app never asked, nothing held", async () => {
    const { c, code } = await liveCode(0);
    const before = receiver.received.length;
    const refused = await dial(code, `bind-3:${c.accountId}`);
    expect(refused.answer).toBeNull();
    expect(refused.session).toMatchObject({ status: "ended", ended_reason: "insufficient_balance" });
    expect(receiver.received.length).toBe(before);
    expect(await db().ledgerEntry.count({ where: { transactionId: refused.session.id } })).toBe(0);
    expect(await balanceOf(c.accountId)).toBe(0n);
  });

  it("counts live sessions in the plan's USSD limits: a dial over them is written rate_limited, the app not asked", async () => {
    // The free plan: 5 sessions a minute (counted at one instant: the test never straddles two minutes).
    pinClockForThisTest();
    const { c, code } = await liveCode(1, "free");
    receiver.reply = () => ({ status: 200, body: "CON Menu" });
    for (let i = 0; i < 5; i++) expect((await dial(code, `limit-${i}:${c.accountId}`)).answer?.continues).toBe(true);
    const asked = receiver.received.length;
    const refused = await dial(code, `limit-5:${c.accountId}`);
    expect(refused.answer).toBeNull();
    expect(refused.session).toMatchObject({ status: "ended", ended_reason: "rate_limited", price_micros: "0" });
    // Over the limit, a redial of a session under way ends that one (charged once) and is refused itself.
    const redial = await dial(code, `limit-0:${c.accountId}`);
    expect(redial.session).toMatchObject({ ended_reason: "rate_limited" });
    const first = await openSessionBySource("smpp:test-bind", `limit-0:${c.accountId}`);
    expect(first).toBeNull();
    expect(receiver.received.length, "the app is not asked for a refused dial").toBe(asked);
    expect(await db().ledgerEntry.count({ where: { transactionId: refused.session.id } })).toBe(0);
    const counter = await db().rateCounter.findUniqueOrThrow({
      where: { accountId_service: { accountId: c.accountId, service: "ussd" } },
    });
    expect(counter.minuteCount).toBe(5);
    const ended = await db().ussdSession.groupBy({
      by: ["endedReason"],
      where: { accountId: c.accountId, status: "ended" },
      _count: true,
    });
    expect(Object.fromEntries(ended.map((g) => [g.endedReason, g._count]))).toEqual({
      network_abort: 1,
      rate_limited: 2,
    });
  });

  it("gives the count back for a dial the balance refused", async () => {
    const { c, code } = await liveCode(0, "free");
    await dial(code, `broke:${c.accountId}`);
    const counter = await db().rateCounter.findUnique({
      where: { accountId_service: { accountId: c.accountId, service: "ussd" } },
    });
    expect(counter?.minuteCount ?? 0).toBe(0);
  });

  it("takes the same dial sent again while the app is asked as that dial: one session, held once, counted once", async () => {
    pinClockForThisTest();
    const { c, code } = await liveCode(1);
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    receiver.reply = () => ({ status: 200, body: "CON Menu", until: answered });
    const before = receiver.received.length;
    const first = dial(code, `twin:${c.accountId}`);
    await waitUntil(() => receiver.received.length > before, "the app asked", { timeoutMs: 5_000 });
    // The carrier sent the dial again (its acknowledgement was slow): nothing more is asked, held or counted.
    const twin = await dial(code, `twin:${c.accountId}`);
    expect(twin.answer).toBeNull();
    release();
    const original = await first;
    expect(original.answer).toMatchObject({ screen: "Menu", continues: true });
    expect(twin.session.id).toBe(original.session.id);
    expect(receiver.received.length - before).toBe(1);
    expect(await db().ledgerEntry.count({ where: { accountId: c.accountId, kind: "reserve" } })).toBe(1);
    const counter = await db().rateCounter.findUniqueOrThrow({
      where: { accountId_service: { accountId: c.accountId, service: "ussd" } },
    });
    expect(counter.minuteCount).toBe(1);
  });

  it("asks the app again for a dial whose process died before its screen: the same session, held once", async () => {
    const { c, code } = await liveCode(1);
    receiver.reply = () => ({ status: 200, body: "CON Menu" });
    const opened = await dial(code, `dead:${c.accountId}`);
    // What a process killed while asking the app leaves: the dial's hop with no outcome, started a while ago.
    await db().$executeRaw`UPDATE ussd_hops SET screen = NULL, continues = NULL, app_status = NULL, app_ms = NULL,
      kasa_ms = NULL, at = now() - interval '1 minute' WHERE session_id = ${opened.session.id} AND seq = 1`;
    const before = receiver.received.length;
    const again = await dial(code, `dead:${c.accountId}`);
    expect(again.session.id).toBe(opened.session.id);
    expect(again.answer).toMatchObject({ screen: "Menu", continues: true });
    const asked = receiver.received.slice(before).map((r) => r.headers["webhook-id"]);
    expect(asked).toEqual([`${opened.session.id}.1`]);
    const row = await db().ussdSession.findUniqueOrThrow({ where: { id: opened.session.id } });
    expect(row).toMatchObject({ status: "open", hops: 1 });
    expect(await db().ledgerEntry.count({ where: { accountId: c.accountId, kind: "reserve" } })).toBe(1);
  });
});
