// A local SMSC on 127.0.0.1 (the `smpp` package's server mode): accepts
// transceiver binds with the given credentials, records every submit_sm,
// answers with its own message ids (or a chosen error status), and sends
// delivery receipts and mobile-originated messages back over the bind.
import smpp, { type PDU, type Server, type Session } from "smpp";

export type Submitted = { pdu: PDU; messageId: string; session: Session };

export class TestSmsc {
  readonly submitted: Submitted[] = [];
  /** While set, every submit is answered only once it settles (a carrier slow for as long as a test says). */
  hold: Promise<unknown> | null = null;
  binds = 0;
  /** What submit_sm answers: 0 for success, or an SMPP status. */
  submitStatus: (pdu: PDU) => number = () => 0;
  submitDelayMs = 0;
  /** Take submits (they count as received) and never answer them, as an SMSC whose answers are lost. */
  silent = false;
  refuseBinds = false;
  /** Called with every submit taken (a bench waits on screens this way rather than polling `submitted`). */
  onSubmit: ((submitted: Submitted) => void) | null = null;
  /** The command_status of every deliver_sm_resp we got back, in order. */
  readonly deliverAnswers: number[] = [];
  port = 0;
  private server?: Server;
  private nextId = 1;

  constructor(
    private readonly systemId = "kasa",
    private readonly password = "secret",
  ) {}

  async start(port = 0): Promise<this> {
    this.server = smpp.createServer({}, (session) => {
      session.on("bind_transceiver", (pdu: PDU) => {
        if (this.refuseBinds || pdu.system_id !== this.systemId || pdu.password !== this.password) {
          session.send(pdu.response({ command_status: 0x0d }));
          return session.close();
        }
        this.binds++;
        session.send(pdu.response({ system_id: "TESTSMSC" }));
      });
      session.on("submit_sm", (pdu: PDU) => {
        const status = this.submitStatus(pdu);
        const messageId = status === 0 ? `M${String(this.nextId++).padStart(6, "0")}` : "";
        if (status === 0) {
          this.submitted.push({ pdu, messageId, session });
          this.onSubmit?.({ pdu, messageId, session });
        }
        const answer = () =>
          session.send(pdu.response(status === 0 ? { message_id: messageId } : { command_status: status }));
        if (this.silent) return;
        if (this.hold) void this.hold.then(answer);
        else if (this.submitDelayMs) setTimeout(answer, this.submitDelayMs);
        else answer();
      });
      session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
      session.on("unbind", (pdu: PDU) => {
        session.send(pdu.response());
        session.close();
      });
      session.on("error", () => {});
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", () => resolve()));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  url(query = ""): string {
    return `smpp://${this.systemId}:${this.password}@127.0.0.1:${this.port}${query}`;
  }

  /** A receipt for a submitted part, as an SMSC sends it: text and TLVs. Resolves with the deliver_sm_resp status. */
  receipt(messageId: string, stat: "DELIVRD" | "UNDELIV" | "EXPIRED" | "REJECTD", err = "000"): Promise<number> {
    const part = this.submitted.find((s) => s.messageId === messageId);
    if (!part) throw new Error(`no submitted part ${messageId}`);
    return this.receiptOn(part.session, messageId, String(part.pdu.destination_addr), stat, err);
  }

  /** A receipt for any carrier id (a message this SMSC took but never answered, say), over the first session. */
  receiptFor(messageId: string, stat: "DELIVRD" | "UNDELIV", to = "233241234567"): Promise<number> {
    // The newest bind: after a client's restart, the one it made last is the one still alive.
    const session = this.server!.sessions.at(-1);
    if (!session) throw new Error("nobody is bound");
    return this.receiptOn(session, messageId, to, stat, "000");
  }

  private receiptOn(session: Session, messageId: string, to: string, stat: string, err: string): Promise<number> {
    const text = `id:${messageId} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:2611221200 done date:2611221201 stat:${stat} err:${err} text:`;
    return new Promise((resolve) => {
      session.deliver_sm(
        { source_addr: to, destination_addr: "Kasa", esm_class: 0x04, data_coding: 0, short_message: text },
        (resp: PDU) => {
          this.deliverAnswers.push(resp.command_status);
          resolve(resp.command_status);
        },
      );
    });
  }

  /** A mobile-originated message from `from` (E.164) to `to`, over the first bound session. */
  inbound(from: string, to: string, text: string): Promise<void> {
    // The newest bind: after a client's restart, the one it made last is the one still alive.
    const session = this.server!.sessions.at(-1);
    if (!session) throw new Error("nobody is bound");
    return new Promise((resolve) => {
      session.deliver_sm(
        {
          source_addr_ton: 1,
          source_addr_npi: 1,
          source_addr: from.replace(/^\+/, ""),
          destination_addr: to,
          esm_class: 0,
          short_message: text,
        },
        (resp: PDU) => {
          this.deliverAnswers.push(resp.command_status);
          resolve();
        },
      );
    });
  }

  /**
   * A USSD hop from `from` (E.164) as a USSD gateway sends it: a deliver_sm with ussd_service_op (1 a dial, whose
   * text is the dialled code; 18 an answer; 0x81 the subscriber's release) and, when given, its_session_info.
   * Resolves with the deliver_sm_resp status.
   */
  ussd(
    op: number,
    from: string,
    text: string,
    sessionInfo?: Buffer,
    to = "920",
    ton = 1,
    /** 0x0F: the cell broadcast scheme's GSM-7, as some USSD gateways send it (the text GSM-7 unpacked). */
    dataCoding = 0,
  ): Promise<number> {
    // The newest bind: after a client's restart, the one it made last is the one still alive.
    const session = this.server!.sessions.at(-1);
    if (!session) throw new Error("nobody is bound");
    return new Promise((resolve) => {
      session.deliver_sm(
        {
          service_type: "USSD",
          source_addr_ton: ton,
          source_addr_npi: 1,
          source_addr: from.replace(/^\+/, ""),
          destination_addr: to,
          esm_class: 0,
          data_coding: dataCoding,
          short_message: dataCoding === 0x0f ? smpp.gsmCoder.encode(text, 0) : text,
          ussd_service_op: op,
          ...(sessionInfo ? { its_session_info: sessionInfo } : {}),
        },
        (resp: PDU) => {
          this.deliverAnswers.push(resp.command_status);
          resolve(resp.command_status);
        },
      );
    });
  }

  /** Drops every bound session, as a restarting SMSC would. */
  dropSessions(): void {
    for (const session of [...(this.server?.sessions ?? [])]) session.destroy();
  }

  stop(): Promise<void> {
    this.dropSessions();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
