// A USSD hop from a carrier's link (issue #41, point 2; docs/decisions.md, "USSD"): the same pipeline as the
// simulator's, on live codes. The hop is acknowledged to the link once it is stored (`stored` resolves the handler's
// promise), before the app is asked: a link waiting for the app's seconds would send the PDU again. Its screen then
// goes back on the link. A dialogue the subscriber or the network ended ends the session (and charges it, once).
import type { UssdCarrierHop } from "../../providers/sms";
import { logger } from "../../lib/logger";
import { isAppError } from "../../errors/app-error";
import { dialUssd } from "./dial-ussd";
import { runUssdHop, SessionEnded } from "./run-ussd-hop";
import { subscriberOf } from "./subscriber";
import { codeByDialled, endUssdSession, openSessionBySource, sessionAndCode } from "./ussd-session-store";

const NOT_IN_SERVICE = "This code is not in service.";

/** A request's refusal (an AppError of the caller's) is logged and read as "no such subscriber"; anything else throws. */
function refusedFor(hop: UssdCarrierHop) {
  return (error: unknown): null => {
    if (!isAppError(error) || error.status >= 500) throw error;
    logger().warn({ provider: hop.provider, err: error.message }, "ussd: a dial from a number Kasa cannot read");
    return null;
  };
}
const SESSION_OVER = "Your session has ended. Please dial again.";

/** Resolves once the hop is stored (or needs nothing stored); rejects only when it could not be. */
export function receiveCarrierUssd(hop: UssdCarrierHop, options: { ca?: string | Buffer } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const stored = () => {
      settled = true;
      resolve();
    };
    handle(hop, stored, options).then(stored, (error: Error) => {
      if (settled)
        logger().warn({ err: error.message, provider: hop.provider, kind: hop.kind }, "ussd: a stored hop failed");
      else reject(error);
    });
  });
}

async function handle(hop: UssdCarrierHop, stored: () => void, options: { ca?: string | Buffer }): Promise<void> {
  const receivedAt = performance.now();
  const source = `carrier:${hop.provider}`;
  if (hop.kind === "user_abort" || hop.kind === "network_abort") {
    const session = await openSessionBySource(source, hop.sessionKey);
    if (session) await endUssdSession(session.id, hop.kind);
    return;
  }
  /** A last screen of Kasa's own, the hop acknowledged first (nothing of it needs storing). */
  const close = async (text: string) => {
    stored();
    await hop.reply(text, false);
  };
  try {
    if (hop.kind === "answer") {
      const found = await sessionAndCode({ source, sourceSession: hop.sessionKey });
      if (!found) return await close(SESSION_OVER);
      const answer = await runUssdHop({ ...found, input: hop.text, receivedAt, ca: options.ca, onStored: stored });
      await hop.reply(answer.screen, answer.continues);
      return;
    }
    // Sandbox codes are the simulator's: a carrier reaches live codes only.
    const code = await codeByDialled(hop.text, "live");
    // A number Kasa cannot read is refused for good, not "not stored": a temporary refusal would bring the same
    // PDU back for ever.
    const subscriber = code ? await subscriberOf(hop.from).catch(refusedFor(hop)) : null;
    if (!code || !subscriber) return await close(NOT_IN_SERVICE);
    const { session, answer } = await dialUssd({
      code,
      source,
      sourceSession: hop.sessionKey,
      ...subscriber,
      mode: "live",
      receivedAt,
      ca: options.ca,
      onStored: stored,
    });
    stored();
    // Refused for its balance: the failure text. A dial sent again for a session under way: its screen goes there.
    if (answer) await hop.reply(answer.screen, answer.continues);
    else if (session.status === "ended") await hop.reply(code.failureText, false);
  } catch (error) {
    // The session ended before this hop was written (hung up, timed out, or a twin of this PDU took the hop).
    if (!(error instanceof SessionEnded)) throw error;
    await close(SESSION_OVER);
  }
}
