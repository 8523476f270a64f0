// The parts of the `smpp` package (0.5.x, untyped) that Kasa uses.
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export type PduFields = Record<string, unknown>;
  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: PduFields): PDU;
  }
  export interface Session extends EventEmitter {
    socket: import("node:net").Socket;
    send(pdu: PDU, onResponse?: (pdu: PDU) => void, onSent?: (pdu: PDU) => void): boolean;
    bind_transceiver(options: PduFields, onResponse?: (pdu: PDU) => void): boolean;
    submit_sm(options: PduFields, onResponse?: (pdu: PDU) => void): boolean;
    deliver_sm(options: PduFields, onResponse?: (pdu: PDU) => void): boolean;
    enquire_link(options?: PduFields | ((pdu: PDU) => void), onResponse?: (pdu: PDU) => void): boolean;
    unbind(options?: PduFields | ((pdu: PDU) => void), onResponse?: (pdu: PDU) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }
  export interface Server extends NetServer {
    sessions: Session[];
  }
  export function connect(
    options: { url?: string; host?: string; port?: number; auto_enquire_link_period?: number },
    listener?: () => void,
  ): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export function createServer(listener?: (session: Session) => void): Server;
  export const gsmCoder: { encode(text: string, table: number): Buffer; decode(data: Buffer, table: number): string };
  export const ESME_ROK: number;
  export const ESME_RSYSERR: number;
  export const ESME_RINVSRCADR: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RSUBMITFAIL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RX_T_APPN: number;
  export const ESME_RX_R_APPN: number;
  // CommonJS: Node's ESM loader sees no named exports (they are assigned in a loop), so import the default.
  const smpp: { connect: typeof connect; createServer: typeof createServer; gsmCoder: typeof gsmCoder };
  export default smpp;
}
