// One persistent transceiver bind to an SMSC: binds at start, keeps the link
// alive with enquire_link, reconnects with backoff (1 s doubling to 30 s)
// whenever the link drops or the bind is refused, and keeps at most `window`
// submit_sm in flight (others wait their turn). A submit that never reached
// the socket says so at once; one written and then left without an answer
// (the link dropped, or the SMSC stayed silent) is ambiguous: the SMSC may
// have it. deliver_sm is answered only once the listener has stored it, with
// a temporary error when it could not be, so the SMSC sends it again.
import smpp, { type PDU, type PduFields, type Session } from "smpp";
import type { SmppConfig } from "../../../config/smpp-url";

export type BindState = "connecting" | "bound" | "down" | "closed";
export type SubmitResult =
  | { ok: true; messageId: string }
  /** status: the SMSC's refusal; null when the submit never left (`written` false) or was left unanswered. */
  | { ok: false; status: number | null; reason: string; written: boolean };

// generic_nack/deliver_sm_resp status asking the SMSC to deliver again later: "ESME Receiver Temporary App Error".
const ESME_RX_T_APPN = 0x64;

export class SmppConnection {
  state: BindState = "connecting";
  lastError: string | null = null;
  private session?: Session;
  private backoffMs = 1_000;
  private retryTimer?: NodeJS.Timeout;
  private inFlight = 0;
  private waiting: (() => void)[] = [];
  private boundWaiters: (() => void)[] = [];
  /** Written submits waiting for their submit_sm_resp, resolved at once as unanswered if the link drops. */
  private unanswered = new Set<(reason: string) => void>();

  constructor(
    private readonly options: Omit<SmppConfig, "bindWaitMs" | "reasons">,
    private readonly onDeliver: (pdu: PDU) => Promise<void>,
    private readonly log: (line: string) => void = () => {},
  ) {}

  start(): void {
    this.state = "connecting";
    const session = smpp.connect({
      host: this.options.host,
      port: this.options.port,
      auto_enquire_link_period: this.options.enquireLinkS * 1000,
    });
    this.session = session;
    session.on("connect", () => {
      session.bind_transceiver(
        {
          system_id: this.options.systemId,
          password: this.options.password,
          system_type: this.options.systemType,
          interface_version: 0x34,
        },
        (pdu) => {
          if (pdu.command_status !== 0) {
            this.lastError = `bind refused (status 0x${pdu.command_status.toString(16)})`;
            return session.destroy();
          }
          this.state = "bound";
          this.lastError = null;
          this.backoffMs = 1_000;
          this.log(`smpp: bound to ${this.options.host}:${this.options.port} as ${this.options.systemId}`);
          this.boundWaiters.splice(0).forEach((wake) => wake());
        },
      );
    });
    session.on("deliver_sm", (pdu: PDU) => {
      void this.onDeliver(pdu).then(
        () => session.send(pdu.response()),
        (error: Error) => {
          this.log(`smpp: deliver_sm not stored, asking the SMSC to resend it: ${error.message}`);
          session.send(pdu.response({ command_status: ESME_RX_T_APPN }));
        },
      );
    });
    session.on("enquire_link", (pdu: PDU) => session.send(pdu.response()));
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("error", (error: Error) => {
      this.lastError = error.message;
    });
    session.on("close", () => {
      if (this.session !== session) return;
      for (const lost of this.unanswered) lost("the link dropped before the SMSC answered");
      this.unanswered.clear();
      if (this.state === "closed") return;
      this.state = "down";
      this.log(
        `smpp: link to ${this.options.host}:${this.options.port} down (${this.lastError ?? "closed"}); retrying in ${this.backoffMs / 1000} s`,
      );
      this.retryTimer = setTimeout(() => this.start(), this.backoffMs);
      this.retryTimer.unref();
      this.backoffMs = Math.min(this.backoffMs * 2, 30_000);
    });
  }

  /** True once bound; waits up to `ms` while a bind is under way, and not at all when the link is down. */
  async whenBound(ms: number): Promise<boolean> {
    if (this.state === "bound") return true;
    if (this.state !== "connecting" || ms <= 0) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.boundWaiters.push(() => (clearTimeout(timer), resolve()));
    });
    return (this.state as BindState) === "bound"; // changed while we waited
  }

  /** One submit_sm within the window. Never throws: the answer says what happened. */
  async submit(fields: PduFields, signal?: AbortSignal): Promise<SubmitResult> {
    // Waiting for a window slot is not yet sending: a request out of time gives up here, having sent nothing.
    if (!(await this.slot(signal)))
      return {
        ok: false,
        status: null,
        reason: "gave up waiting for the window (request out of time)",
        written: false,
      };
    try {
      return await new Promise<SubmitResult>((resolve) => {
        const session = this.session;
        if (this.state !== "bound" || !session)
          return resolve({ ok: false, status: null, reason: "not bound", written: false });
        const unanswered = (reason: string) => {
          clearTimeout(timer);
          this.unanswered.delete(unanswered);
          resolve({ ok: false, status: null, reason, written: true });
        };
        const timer = setTimeout(
          () => unanswered(`no submit_sm_resp within ${this.options.timeoutMs / 1000} s`),
          this.options.timeoutMs,
        );
        const sent = session.submit_sm(fields, (pdu) => {
          clearTimeout(timer);
          this.unanswered.delete(unanswered);
          if (pdu.command_status === 0) resolve({ ok: true, messageId: String(pdu.message_id) });
          else
            resolve({
              ok: false,
              status: pdu.command_status,
              reason: `submit_sm_resp status 0x${pdu.command_status.toString(16).padStart(8, "0")}`,
              written: true,
            });
        });
        if (!sent) {
          clearTimeout(timer);
          resolve({ ok: false, status: null, reason: "link not writable", written: false });
        } else this.unanswered.add(unanswered);
      });
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    this.state = "closed";
    clearTimeout(this.retryTimer);
    const session = this.session;
    if (!session || session.socket.destroyed) return;
    await new Promise<void>((resolve) => {
      // An SMSC that does not answer unbind within a second is simply cut off.
      const timer = setTimeout(() => (session.destroy(), resolve()), 1_000);
      session.socket.once("close", () => (clearTimeout(timer), resolve()));
      if (!session.unbind(() => session.close())) session.destroy();
    });
  }

  private async slot(signal?: AbortSignal): Promise<boolean> {
    if (this.inFlight < this.options.window) {
      this.inFlight++;
      return true;
    }
    if (signal?.aborted) return false;
    return new Promise<boolean>((resolve) => {
      const take = () => {
        signal?.removeEventListener("abort", giveUp);
        resolve(true);
      };
      const giveUp = () => {
        this.waiting = this.waiting.filter((w) => w !== take);
        resolve(false);
      };
      this.waiting.push(take);
      signal?.addEventListener("abort", giveUp, { once: true });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else this.inFlight--;
  }
}
