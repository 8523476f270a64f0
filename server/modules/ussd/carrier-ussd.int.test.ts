// USSD over a carrier's SMPP bind (issue #41, point 2): a local SMSC dials a live code, answers its screens and
// hangs up, as a USSD gateway does; the app is a local HTTPS server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import smpp, { type PDU } from "smpp";
import { TestSmsc } from "../../../test/smpp-server";
import { waitUntil } from "../../../test/wait-until";
import { apiCustomer } from "../../../test/api";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { smppCarrier } from "../../providers/sms/smpp/smpp-carrier";
import { parseSmppUrl } from "../../config/smpp-url";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "../webhooks/sign-webhook";
import { receiveCarrierUssd } from "./receive-carrier-ussd";

const { receiver } = useWebhookReceiver();
const smsc = new TestSmsc();
let carrier: ReturnType<typeof smppCarrier>;

beforeAll(async () => {
  await smsc.start();
  carrier = smppCarrier("ussd-gw", parseSmppUrl(smsc.url()), {
    onReceipt: async () => {},
    onInbound: async () => {},
    onUssd: (hop) => receiveCarrierUssd(hop, { ca: receiver.cert }),
  });
  await waitUntil(() => smsc.binds > 0, "the bind", { timeoutMs: 5_000 });
});
afterAll(async () => {
  await carrier.close();
  await smsc.stop();
});

async function liveCode() {
  const c = await apiCustomer({ balance: 1 });
  const code = `*920*${Math.floor(Math.random() * 1e6)}#`;
  await db().ussdCode.create({
    data: {
      id: newId("ussd"),
      accountId: c.accountId,
      code,
      mode: "live",
      kind: "extension",
      callbackUrl: receiver.url,
      signingSecret: seal(newWebhookSecret()),
    },
  });
  return { c, code };
}

/** The next screen the SMSC is sent after `count` submits. */
async function screenAfter(count: number): Promise<PDU> {
  await waitUntil(() => smsc.submitted.length > count, "a USSD screen", { timeoutMs: 5_000 });
  return smsc.submitted[count]!.pdu;
}

/** The screen's text, as the SMSC's side of the smpp package decodes it by its data_coding. */
const textOf = (pdu: PDU) => {
  const body = pdu.short_message as { message?: string | Buffer } | Buffer;
  if (Buffer.isBuffer(body)) return body.toString("latin1");
  return typeof body.message === "string" ? body.message : String(body.message);
};

/** A screen sent in CBS GSM-7 (0x0F): the smpp package leaves its bytes, GSM-7 unpacked. */
const cbsText = (pdu: PDU) => {
  const body = pdu.short_message as { message?: Buffer } | Buffer;
  return smpp.gsmCoder.decode(Buffer.isBuffer(body) ? body : body.message!, 0);
};

describe("USSD on an SMPP bind", () => {
  it("dials, answers and ends: USSR requests while the app says CON, a PSSR response with the end bit on END", async () => {
    const { code } = await liveCode();
    receiver.reply = (r) => {
      const text = new URLSearchParams(r.body).get("text");
      if (text === "") return { status: 200, body: "CON Menu\n1. Balance" };
      return { status: 200, body: "END Balance GHS 10" };
    };
    const info = Buffer.from([0x2a, 0x00]);
    const before = smsc.submitted.length;
    expect(await smsc.ussd(1, "+233241234567", code, info)).toBe(0);
    const first = await screenAfter(before);
    expect(first).toMatchObject({ ussd_service_op: 2, destination_addr: "233241234567", source_addr: "920" });
    expect(textOf(first)).toBe("Menu\n1. Balance");
    expect([...(first.its_session_info as Buffer)]).toEqual([0x2a, 0x00]);
    expect(await smsc.ussd(18, "+233241234567", "1", Buffer.from([0x2a, 0x02]))).toBe(0);
    const last = await screenAfter(before + 1);
    expect(last).toMatchObject({ ussd_service_op: 17 });
    expect(textOf(last)).toBe("Balance GHS 10");
    // The answer's own its_session_info echoed (session 0x2a, its sequence 1), with the end bit set.
    expect([...(last.its_session_info as Buffer)]).toEqual([0x2a, 0x03]);

    const session = await db().ussdSession.findFirstOrThrow({ where: { serviceCode: code } });
    expect(session).toMatchObject({
      status: "ended",
      endedReason: "app_end",
      mode: "live",
      source: "carrier:ussd-gw",
      hops: 2,
      priceMicros: 15_000n,
      network: "mtn",
    });
    const ledger = await db().ledgerEntry.findMany({ where: { transactionId: session.id } });
    expect(ledger.map((e) => e.kind).sort()).toEqual(["capture", "reserve"]);
  });

  it("ends the session the subscriber releases, charged once; keys a carrier that sends no session id by number", async () => {
    const { code } = await liveCode();
    receiver.reply = () => ({ status: 200, body: "CON Pick one\n1. A\n2. B" });
    const before = smsc.submitted.length;
    await smsc.ussd(1, "+233201112233", code);
    await screenAfter(before);
    const open = await db().ussdSession.findFirstOrThrow({ where: { serviceCode: code } });
    expect(open).toMatchObject({ status: "open", sourceSession: "+233201112233" });
    expect(await smsc.ussd(0x81, "+233201112233", "")).toBe(0);
    await waitUntil(
      async () => (await db().ussdSession.findUniqueOrThrow({ where: { id: open.id } })).status === "ended",
      "the release",
      { timeoutMs: 5_000 },
    );
    const ended = await db().ussdSession.findUniqueOrThrow({ where: { id: open.id } });
    expect(ended.endedReason).toBe("user_abort");
    expect(await db().ledgerEntry.count({ where: { transactionId: open.id, kind: "capture" } })).toBe(1);
    // An answer after the end: told to dial again, nothing asked of the app.
    const calls = receiver.received.length;
    await smsc.ussd(18, "+233201112233", "1");
    expect(textOf(await screenAfter(before + 1))).toBe("Your session has ended. Please dial again.");
    expect(receiver.received.length).toBe(calls);
  });

  it("takes a dial on a number with a session under way as a new dialogue: the old one ended by the network", async () => {
    const { code } = await liveCode();
    receiver.reply = () => ({ status: 200, body: "CON Pick one\n1. A" });
    const before = smsc.submitted.length;
    await smsc.ussd(1, "+233205556666", code);
    await screenAfter(before);
    // The network dropped that dialogue without a word; the subscriber dials again and is served at once.
    await smsc.ussd(1, "+233205556666", code);
    expect(textOf(await screenAfter(before + 1))).toBe("Pick one\n1. A");
    const sessions = await db().ussdSession.findMany({ where: { serviceCode: code }, orderBy: { createdAt: "asc" } });
    expect(sessions.map((s) => [s.status, s.endedReason])).toEqual([
      ["ended", "network_abort"],
      ["open", null],
    ]);
  });

  it("refuses for good a dial from a number it cannot read, so the SMSC does not send it again", async () => {
    const { code } = await liveCode();
    const before = smsc.submitted.length;
    // A national number without its country (TON 0): acknowledged, answered "not in service", nothing opened.
    expect(await smsc.ussd(1, "0241234567", code, undefined, "920", 0)).toBe(0);
    expect(textOf(await screenAfter(before))).toBe("This code is not in service.");
    expect(await db().ussdSession.count({ where: { serviceCode: code } })).toBe(0);
  });

  it("answers a code that is not live with a last screen, and opens nothing", async () => {
    const before = smsc.submitted.length;
    await smsc.ussd(1, "+233241234567", "*999*404#");
    const screen = await screenAfter(before);
    expect(screen.ussd_service_op).toBe(17);
    expect(textOf(screen)).toBe("This code is not in service.");
    expect(await db().ussdSession.count({ where: { serviceCode: "*999*404#" } })).toBe(0);
  });

  it("speaks a carrier's own USSD profile: its operation numbers, the code in the destination, CBS data_coding, no end bit", async () => {
    const { code } = await liveCode();
    const own = await new TestSmsc().start();
    const profile = "ussd.dial=32&ussd.answer=33&ussd.request=34&ussd.response=35&ussd.release=36";
    const other = smppCarrier(
      "ussd-gw-2",
      parseSmppUrl(own.url(`?${profile}&ussd.code_in=destination&ussd.end_bit=off&ussd.coding=cbs`)),
      {
        onReceipt: async () => {},
        onInbound: async () => {},
        onUssd: (hop) => receiveCarrierUssd(hop, { ca: receiver.cert }),
      },
    );
    try {
      await waitUntil(() => own.binds > 0, "the second bind", { timeoutMs: 5_000 });
      receiver.reply = (r) =>
        new URLSearchParams(r.body).get("text") === ""
          ? { status: 200, body: "CON Menu\n1. Balance" }
          : { status: 200, body: "END Balance GHS 10" };
      const info = Buffer.from([0x07, 0x00]);
      // The dial: the code where this gateway puts it (the destination), the message empty, in CBS GSM-7.
      expect(await own.ussd(32, "+233241230000", "", info, code, 1, 0x0f)).toBe(0);
      await waitUntil(() => own.submitted.length > 0, "the first screen", { timeoutMs: 5_000 });
      const first = own.submitted[0]!.pdu;
      expect(first).toMatchObject({ ussd_service_op: 34, data_coding: 0x0f, source_addr: code });
      expect(cbsText(first)).toBe("Menu\n1. Balance");
      expect(await own.ussd(33, "+233241230000", "1", Buffer.from([0x07, 0x02]), code, 1, 0x0f)).toBe(0);
      await waitUntil(() => own.submitted.length > 1, "the last screen", { timeoutMs: 5_000 });
      const last = own.submitted[1]!.pdu;
      expect(last).toMatchObject({ ussd_service_op: 35, data_coding: 0x0f });
      // This gateway wants no end bit: the dialogue's sequence octet echoed as it came.
      expect([...(last.its_session_info as Buffer)]).toEqual([0x07, 0x02]);
      const session = await db().ussdSession.findFirstOrThrow({ where: { serviceCode: code } });
      expect(session).toMatchObject({ endedReason: "app_end", hops: 2, source: "carrier:ussd-gw-2" });
      expect(new URLSearchParams(receiver.received.at(-1)!.body).get("text")).toBe("1");

      // The subscriber's release is this profile's 36; any other value from it is the network's.
      await own.ussd(32, "+233241230001", "", Buffer.from([0x08, 0x00]), code, 1, 0x0f);
      await own.ussd(36, "+233241230001", "", Buffer.from([0x08, 0x02]), code, 1, 0x0f);
      await own.ussd(32, "+233241230002", "", Buffer.from([0x09, 0x00]), code, 1, 0x0f);
      await own.ussd(0x81, "+233241230002", "", Buffer.from([0x09, 0x02]), code, 1, 0x0f);
      const ended = await db().ussdSession.findMany({
        where: { serviceCode: code, phoneNumber: { in: ["+233241230001", "+233241230002"] } },
        orderBy: { phoneNumber: "asc" },
      });
      expect(ended.map((s) => s.endedReason)).toEqual(["user_abort", "network_abort"]);
    } finally {
      await other.close();
      await own.stop();
    }
  });
});
