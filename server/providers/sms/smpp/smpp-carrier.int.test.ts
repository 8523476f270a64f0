import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSmsc } from "../../../../test/smpp-server";
import { waitUntil } from "../../../../test/wait-until";
import { CarrierRejected, CarrierUnavailable, type CarrierReceiptReport, type InboundSmsReport } from "../carrier";
import { smppCarrier } from "./smpp-carrier";
import { parseSmppUrl } from "../../../config/smpp-url";

const smsc = new TestSmsc();
const receipts: CarrierReceiptReport[] = [];
const inbound: InboundSmsReport[] = [];
let carrier: ReturnType<typeof smppCarrier>;

beforeAll(async () => {
  await smsc.start();
  carrier = smppCarrier("smsc-a", parseSmppUrl(smsc.url("?reason.101=opted_out")), {
    onReceipt: async (r) => receipts.push(r),
    onInbound: async (m) => inbound.push(m),
  });
});
afterAll(async () => {
  await carrier.close();
  await smsc.stop();
});

const until = (check: () => boolean) => waitUntil(check, "the SMPP link or its deliver_sm", { timeoutMs: 2_000 });

describe("SMPP carrier against a local SMSC", () => {
  it("binds as a transceiver and submits GSM-7 text with data_coding 0 and an alphanumeric sender as TON 5", async () => {
    const accepted = await carrier.send({
      transactionId: "t1",
      to: "+233241234567",
      from: "KasaShop",
      body: "Akwaaba! {ok} €5",
      segments: 1,
    });
    expect(accepted).toMatchObject({
      provider: "smsc-a",
      messageId: expect.stringMatching(/^M\d+$/),
      partIds: [accepted.messageId],
    });
    const { pdu } = smsc.submitted.at(-1)!;
    expect(pdu).toMatchObject({
      source_addr_ton: 5,
      source_addr: "KasaShop",
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: "233241234567",
      data_coding: 0,
      registered_delivery: 1,
      esm_class: 0,
    });
    const bytes = (pdu.short_message as { message: string }).message;
    expect(bytes).toBe("Akwaaba! {ok} €5");
    expect(smsc.binds).toBe(1);
  });

  it("sends UCS-2 for text outside GSM-7, and a long text as concatenated parts with a UDH", async () => {
    await carrier.send({
      transactionId: "t2",
      to: "+233241234567",
      from: "+233201112222",
      body: "Ɛte sɛn? 👋",
      segments: 1,
    });
    const ucs = smsc.submitted.at(-1)!.pdu;
    expect(ucs).toMatchObject({ data_coding: 8, source_addr_ton: 1, source_addr_npi: 1, source_addr: "233201112222" });

    const long = "x".repeat(200);
    const before = smsc.submitted.length;
    const accepted = await carrier.send({
      transactionId: "t3",
      to: "+233241234567",
      from: "KasaShop",
      body: long,
      segments: 2,
    });
    const parts = smsc.submitted.slice(before);
    expect(parts).toHaveLength(2);
    expect(accepted.partIds).toEqual(parts.map((p) => p.messageId));
    const udhs = parts.map((p) => (p.pdu.short_message as { udh: Buffer[] }).udh[0]!);
    expect(parts.every((p) => (Number(p.pdu.esm_class) & 0x40) === 0x40)).toBe(true);
    // IEI 0x00 (concatenation, 8-bit reference), same reference, 2 parts, numbered 1 and 2.
    expect(udhs.map((u) => [u[0], u[1], u[3], u[4]])).toEqual([
      [0x00, 0x03, 2, 1],
      [0x00, 0x03, 2, 2],
    ]);
    expect(udhs[0]![2]).toBe(udhs[1]![2]);
    expect(parts.map((p) => (p.pdu.short_message as { message: string }).message).join("")).toBe(long);
  });

  it("turns deliver_sm receipts into delivered and failed receipts with a normalised reason, and other deliver_sm into inbound messages", async () => {
    const a = await carrier.send({
      transactionId: "t4",
      to: "+233241234567",
      from: "KasaShop",
      body: "one",
      segments: 1,
    });
    const b = await carrier.send({
      transactionId: "t5",
      to: "+233241234568",
      from: "KasaShop",
      body: "two",
      segments: 1,
    });
    await smsc.receipt(a.messageId, "DELIVRD");
    await smsc.receipt(b.messageId, "UNDELIV", "101");
    await smsc.inbound("+233241234567", "KasaShop", "STOP please");
    await until(() => receipts.length >= 2 && inbound.length >= 1);
    expect(receipts).toContainEqual(
      expect.objectContaining({ provider: "smsc-a", messageId: a.messageId, outcome: "delivered" }),
    );
    expect(receipts).toContainEqual(
      expect.objectContaining({
        messageId: b.messageId,
        outcome: "failed",
        reason: "opted_out",
        errorCode: "undeliv_101",
      }),
    );
    expect(inbound).toEqual([{ provider: "smsc-a", from: "+233241234567", to: "KasaShop", body: "STOP please" }]);
  });

  it("says unavailable when throttled, rejected when the sender is refused, and rebinds after the link drops", async () => {
    smsc.submitStatus = () => 0x58;
    await expect(
      carrier.send({ transactionId: "t6", to: "+233241234567", from: "KasaShop", body: "hi", segments: 1 }),
    ).rejects.toBeInstanceOf(CarrierUnavailable);
    smsc.submitStatus = () => 0x0a;
    const refused = carrier.send({
      transactionId: "t7",
      to: "+233241234567",
      from: "KasaShop",
      body: "hi",
      segments: 1,
    });
    await expect(refused).rejects.toBeInstanceOf(CarrierRejected);
    await expect(refused).rejects.toMatchObject({ reason: "invalid_sender_id" });
    smsc.submitStatus = () => 0;
    smsc.dropSessions();
    await until(() => carrier.state().state === "down");
    expect(carrier.state().state).toBe("down");
    await until(() => carrier.state().state === "bound");
    expect(carrier.state().state).toBe("bound");
    await expect(
      carrier.send({ transactionId: "t8", to: "+233241234567", from: "KasaShop", body: "back", segments: 1 }),
    ).resolves.toMatchObject({ provider: "smsc-a" });
    expect(smsc.binds).toBe(2);
  });
});
