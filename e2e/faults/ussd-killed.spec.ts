// USSD through a web process killed mid-session (issue #41, "done means"): the production server holds the
// carrier's bind, a local SMSC dials live sessions, a local HTTPS app answers them, and the process is killed with
// sessions in three states: between hops, waiting for the app on an answer, and waiting for the app on the dial.
// After the restart: the carrier's next hop finds its session, a dial again takes over the dial the dead process
// left, the idle sweep closes the one nobody returns to; each charged once, no hop whose screen went out asked twice.
import { expect, test } from "@playwright/test";
import type { PDU } from "smpp";
import { FaultRig } from "../../test/fault-rig";
import { HttpsReceiver } from "../../test/https-receiver";

test.describe.configure({ mode: "serial" });

const CODE = "*920*55#";
const screenText = (pdu: PDU) => {
  const body = pdu.short_message as { message?: string | Buffer } | Buffer;
  return Buffer.isBuffer(body) ? body.toString("latin1") : String(body.message);
};

test("a web process killed mid-session: the next hop finds its session, or it is closed and charged once", async () => {
  test.setTimeout(150_000);
  const app = await new HttpsReceiver().start();
  // The app answers a dial with a menu, "1" with a last screen; "2", and any dial from the third subscriber, only
  // after the process asking has died (never).
  const never = new Promise(() => {});
  app.reply = (r) => {
    const form = new URLSearchParams(r.body);
    const text = form.get("text");
    if (text === "2" || (text === "" && form.get("phoneNumber") === "+233241110003" && !redialled))
      return { status: 200, until: never };
    if (text === "") return { status: 200, body: "CON Menu\n1. Balance\n2. Statement" };
    return { status: 200, body: "END Balance GHS 10" };
  };
  let redialled = false;
  const rig = await new FaultRig({
    env: { WEBHOOK_ALLOWED_HOSTS: "localhost", NODE_EXTRA_CA_CERTS: app.certFile, KASA_USSD_IDLE_SECONDS: "10" },
  }).start();
  try {
    rig.cli("ussd-code", "assign", "--account", rig.accountId, "--code", CODE);
    const auth = { authorization: `Bearer ${rig.liveKey}`, "content-type": "application/json" };
    const codes = (await (await fetch(`${rig.url}/api/v1/ussd/codes`, { headers: auth })).json()) as {
      data: { codes: { id: string; service_code: string }[] };
    };
    const live = codes.data.codes.find((c) => c.service_code === CODE)!;
    const patched = await fetch(`${rig.url}/api/v1/ussd/codes/${live.id}`, {
      method: "PATCH",
      headers: auth,
      body: JSON.stringify({ callback_url: app.url }),
    });
    expect(patched.status).toBe(200);

    const screens = () => rig.smsc.submitted.map((s) => ({ to: s.pdu.destination_addr, text: screenText(s.pdu) }));
    const screensTo = (number: string) => screens().filter((s) => s.to === number.slice(1));
    const between = "+233241110001";
    const onAnswer = "+233241110002";
    const onDial = "+233241110003";

    // Between hops: a menu shown. On an answer: a menu shown, then "2" stored and the app asked. On the dial: asked.
    expect(await rig.smsc.ussd(1, between, CODE, Buffer.from([0x11, 0x00]))).toBe(0);
    expect(await rig.smsc.ussd(1, onAnswer, CODE, Buffer.from([0x12, 0x00]))).toBe(0);
    await expect.poll(() => screens().length).toBe(2);
    expect(await rig.smsc.ussd(18, onAnswer, "2", Buffer.from([0x12, 0x02]))).toBe(0);
    // This subscriber's carrier sends no session id: its sessions are keyed by the number.
    expect(await rig.smsc.ussd(1, onDial, CODE)).toBe(0);
    await expect.poll(() => app.received.length).toBe(4);

    await rig.killWeb();
    await rig.startWeb();

    // The carrier's next hop finds its session: the app is asked with the whole dialogue and says END.
    expect(await rig.smsc.ussd(18, between, "1", Buffer.from([0x11, 0x02]))).toBe(0);
    await expect
      .poll(() => screensTo(between).map((s) => s.text))
      .toEqual(["Menu\n1. Balance\n2. Statement", "Balance GHS 10"]);
    // The subscriber whose dial died with the process dials again once the app's time (4 s) and the grace to write
    // its answer (2 s) are past: the dial's hop is taken over and the app asked again, in the same session.
    redialled = true;
    await expect
      .poll(
        async () =>
          (
            await rig.query<{ stale: boolean }>(
              `SELECT h.at < now() - interval '6 seconds' AS stale FROM ussd_hops h
               JOIN ussd_sessions s ON s.id = h.session_id WHERE s.phone_number = $1 AND h.seq = 1`,
              [onDial],
            )
          )[0]?.stale,
        { timeout: 20_000, intervals: [500] },
      )
      .toBe(true);
    expect(await rig.smsc.ussd(1, onDial, CODE)).toBe(0);
    await expect.poll(() => screensTo(onDial).length).toBe(1);
    expect(await rig.smsc.ussd(0x81, onDial, "")).toBe(0);

    // The session left waiting for its app is closed by the worker's sweep once idle.
    const sessions = () =>
      rig.query<{ id: string; phone_number: string; status: string; ended_reason: string | null; hops: number }>(
        `SELECT id, phone_number, status, ended_reason, hops FROM ussd_sessions WHERE account_id = $1 ORDER BY created_at, id`,
        [rig.accountId],
      );
    await expect
      .poll(async () => (await sessions()).every((s) => s.status === "ended"), { timeout: 45_000, intervals: [1000] })
      .toBe(true);
    const ended = (await sessions()).map((s) => [s.phone_number, s.ended_reason, s.hops]);
    expect(ended).toEqual(
      expect.arrayContaining([
        [between, "app_end", 2],
        [onAnswer, "timeout", 2],
        [onDial, "user_abort", 1],
      ]),
    );
    expect(ended).toHaveLength(3);
    expect(screensTo(onAnswer), "no screen for the hop the dead process held").toHaveLength(1);

    // Each hop asked of the app once (its signature's id is the session and hop), but the dial whose screen never
    // went out, asked again with the same id (an app may drop the repeat); and each session charged once.
    const hopIds = app.received.map((r) => String(r.headers["webhook-id"]));
    const onDialSession = (await sessions()).find((s) => s.phone_number === onDial)!.id;
    expect(hopIds.filter((id, i) => hopIds.indexOf(id) !== i)).toEqual([`${onDialSession}.1`]);
    for (const s of await sessions()) {
      const kinds = await rig.query<{ kind: string }>(
        `SELECT kind::text FROM ledger_entries WHERE transaction_id = $1 ORDER BY kind::text`,
        [s.id],
      );
      expect(
        kinds.map((k) => k.kind),
        s.phone_number,
      ).toEqual(["capture", "reserve"]);
    }
    expect(await rig.ledgerCheck()).toEqual({ unsettledReservations: 0, balanceMatches: true, pendingMessages: 0 });
  } finally {
    await rig.stop();
    await app.stop();
  }
});
