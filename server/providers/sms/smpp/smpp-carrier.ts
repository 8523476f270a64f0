// An SMS carrier over SMPP v3.4: one persistent transceiver bind (see
// smpp-connection.ts), submit_sm per part, receipts and mobile-originated
// messages from deliver_sm handed to the handlers.
import { randomInt } from "node:crypto";
import smpp, { type PDU } from "smpp";
import {
  CarrierAmbiguous,
  CarrierRejected,
  CarrierUnavailable,
  type CarrierAcceptance,
  type CarrierHandlers,
  type OutboundSms,
  type SmsCarrier,
} from "../carrier";
import { smppReceiptReason, type FailureReason } from "../failure-reasons";
import { isDeliveryReceipt, parseDeliveryReceipt, receiptOutcome } from "./delivery-receipt";
import { SmppConnection, type BindState } from "./smpp-connection";
import type { SmppConfig } from "../../../config/smpp-url";
import { submitPdus } from "./submit-pdus";
import { isUssd, ussdHopOf, ussdScreenPdu } from "./ussd-pdus";

// submit_sm_resp statuses that say "not now" about the SMSC rather than "never" about the message.
const TRANSIENT = new Set([
  0x08 /* RSYSERR */, 0x14 /* RMSGQFUL */, 0x45 /* RSUBMITFAIL */, 0x58 /* RTHROTTLED */, 0x64 /* RX_T_APPN */,
]);
const REJECTION_REASONS: Record<number, FailureReason> = {
  0x0a: "invalid_sender_id",
  0x0b: "invalid_destination",
  0x66: "rejected",
};

export type SmppCarrier = SmsCarrier & {
  readonly kind: "smpp";
  state(): { state: BindState; lastError: string | null };
  close(): Promise<void>;
};

export function smppCarrier(
  name: string,
  config: SmppConfig,
  handlers: CarrierHandlers,
  log?: (line: string) => void,
): SmppCarrier {
  // A deliver_sm is acknowledged only once the handler stored it (the connection answers after onDeliver).
  const connection = new SmppConnection(config, (pdu) => onDeliver(pdu), log);
  connection.start();

  async function onDeliver(pdu: PDU) {
    const text = deliveredText(pdu);
    // A USSD hop: stored before the link acknowledges it, its screen sent back on the link afterwards.
    if (isUssd(pdu)) {
      if (!handlers.onUssd) return;
      const { sessionInfo, ...hop } = ussdHopOf(pdu, name, text, config.ussd);
      await handlers.onUssd({
        ...hop,
        reply: async (screen, continues) => {
          const result = await connection.submit(ussdScreenPdu(pdu, sessionInfo, screen, continues, config.ussd));
          if (!result.ok) log?.(`smpp: a USSD screen was not taken: ${result.reason}`);
          return result.ok;
        },
      });
      return;
    }
    if (isDeliveryReceipt(Number(pdu.esm_class ?? 0))) {
      const receipt = parseDeliveryReceipt(text, {
        receipted_message_id: pdu.receipted_message_id,
        message_state: pdu.message_state,
      });
      const outcome = receipt && receiptOutcome(receipt.stat);
      if (!receipt || !outcome) return;
      await handlers.onReceipt({
        provider: name,
        messageId: receipt.messageId,
        outcome,
        errorCode: outcome === "failed" ? `${receipt.stat.toLowerCase()}${receipt.err ? `_${receipt.err}` : ""}` : null,
        reason: outcome === "failed" ? smppReceiptReason(receipt.stat, receipt.err, config.reasons) : null,
        detail: outcome === "failed" ? `Carrier receipt stat:${receipt.stat} err:${receipt.err ?? "-"}` : null,
      });
      return;
    }
    const from = Number(pdu.source_addr_ton) === 1 ? `+${String(pdu.source_addr)}` : String(pdu.source_addr);
    await handlers.onInbound({ provider: name, from, to: String(pdu.destination_addr ?? ""), body: text });
  }

  return {
    name,
    kind: "smpp",
    state: () => ({ state: connection.state, lastError: connection.lastError }),
    close: () => connection.close(),
    async send(message: OutboundSms): Promise<CarrierAcceptance> {
      if (!(await connection.whenBound(config.bindWaitMs))) {
        throw new CarrierUnavailable(
          name,
          `SMPP link not bound${connection.lastError ? ` (${connection.lastError})` : ""}`,
        );
      }
      const ids: string[] = [];
      for (const pdu of submitPdus(message, randomInt(256))) {
        const result = await connection.submit(pdu, message.signal);
        if (result.ok) {
          ids.push(result.messageId);
          continue;
        }
        // Written and never answered: the SMSC may have this part. Neither another carrier nor a refund.
        if (result.status === null && result.written)
          throw new CarrierAmbiguous(name, `No answer after the submit was written: ${result.reason}`, ids);
        const partial = ids.length > 0;
        if (result.status === null || TRANSIENT.has(result.status) || partial) {
          throw new CarrierUnavailable(
            name,
            partial
              ? `Carrier stopped after ${ids.length} part(s): ${result.reason}`
              : `Carrier unavailable: ${result.reason}`,
            !partial,
          );
        }
        throw new CarrierRejected(
          name,
          `Carrier rejected the message: ${result.reason}`,
          `smpp_0x${result.status.toString(16)}`,
          REJECTION_REASONS[result.status] ?? "rejected",
        );
      }
      return { provider: name, messageId: ids[0]!, partIds: ids };
    },
  };
}

/**
 * A deliver_sm's text as the smpp package decoded it by its data_coding; what it leaves as bytes is GSM-7 unpacked
 * when the data_coding is the cell broadcast scheme's 0x0F (USSD gateways' default alphabet), else Latin-1.
 */
function deliveredText(pdu: PDU): string {
  const message = pdu.short_message as { message?: string | Buffer } | Buffer | undefined;
  if (message && !Buffer.isBuffer(message) && typeof message.message === "string") return message.message;
  const bytes = Buffer.isBuffer(message) ? message : Buffer.isBuffer(message?.message) ? message.message : null;
  if (!bytes) return "";
  return Number(pdu.data_coding) === 0x0f ? smpp.gsmCoder.decode(bytes, 0) : bytes.toString("latin1");
}
