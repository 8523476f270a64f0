// A USSD hop from a carrier's link (issue #41, point 2; docs/decisions.md, "USSD"): the same pipeline as the
// simulator's, on live codes. The hop is acknowledged to the link once it is stored (`stored` resolves the handler's
// promise), before the app is asked: a link waiting for the app's seconds would send the PDU again. Its screen then
// goes back on the link. A dialogue the subscriber or the network ended ends the session (and charges it, once).
import type { UssdCarrierHop } from "../../providers/sms";
import { logger } from "../../lib/logger";
import { dialUssd } from "./dial-ussd";
import { runUssdHop, SessionEnded } from "./run-ussd-hop";
import { subscriberOf } from "./subscriber";
import { codeByDialled, endUssdSession, openSessionBySource, sessionAndCode } from "./ussd-session-store";

const NOT_IN_SERVICE = "This code is not in service.";
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
  if (hop.kind === "dial") {
    const code = await codeByDialled(hop.text);
    // Sandbox codes are the simulator's: a carrier reaches live codes only.
    if (!code || code.mode !== "live") {
      stored();
      await hop.reply(NOT_IN_SERVICE, false);
      return;
    }
    const { session, answer } = await dialUssd({
      code,
      source,
      sourceSession: hop.sessionKey,
      ...(await subscriberOf(hop.from)),
      mode: "live",
      receivedAt,
      ca: options.ca,
      onStored: stored,
    });
    stored();
    // Refused for its balance: the failure text. A dial sent again for a session under way: its screen already went.
    if (answer) await hop.reply(answer.screen, answer.continues);
    else if (session.status === "ended") await hop.reply(code.failureText, false);
    return;
  }
  const found = await sessionAndCode({ source, sourceSession: hop.sessionKey });
  if (!found) {
    stored();
    await hop.reply(SESSION_OVER, false);
    return;
  }
  const { session, code } = found;
  try {
    const answer = await runUssdHop({ session, code, input: hop.text, receivedAt, ca: options.ca, onStored: stored });
    await hop.reply(answer.screen, answer.continues);
  } catch (error) {
    if (!(error instanceof SessionEnded)) throw error;
    stored();
    await hop.reply(SESSION_OVER, false);
  }
}
