// POST /api/v1/ussd/simulate (issue #41, point 5): a phone without a carrier. A test key dials one of its account's
// codes or answers the screen it was shown, through the same pipeline a carrier's hops take: the app's callback,
// pages, timeouts and the session's records. Test sessions are free.
import { AppError } from "../../errors/app-error";
import { subscriberOf } from "./subscriber";
import { dialUssd } from "./dial-ussd";
import { runUssdHop, SessionEnded, type HopAnswer } from "./run-ussd-hop";
import type { SimulateUssdInput } from "./schemas";
import { codeByDialled, sessionAndCode, type SessionRow } from "./ussd-session-store";
import { ussdHopView } from "./ussd-session-view";

export const SIMULATOR = "simulator";

type Caller = { accountId: string; mode: "live" | "test" };

export async function simulateUssd(input: SimulateUssdInput, caller: Caller, options: { ca?: string | Buffer } = {}) {
  const receivedAt = performance.now();
  if (caller.mode !== "test")
    throw new AppError("FORBIDDEN", {
      message: "The USSD simulator takes a test key: its sessions are test sessions, and free",
      context: { reason: "test_key_required" },
    });
  const subscriber = await subscriberOf(input.phone_number);
  if (input.session_id === undefined) {
    // Test codes only: a live code's app is a customer's production, never dialled by a test key.
    const code = await codeByDialled(input.service_code, "test", caller.accountId);
    if (!code)
      throw new AppError("NOT_FOUND", {
        message: `${input.service_code} is not one of this account's test USSD codes (GET /api/v1/ussd/codes with a test key lists them)`,
        context: { field: "service_code" },
      });
    const { session, answer } = await dialUssd({
      code,
      source: SIMULATOR,
      sourceSession: null,
      ...subscriber,
      mode: "test",
      receivedAt,
      ca: options.ca,
    });
    return simulated(session, answer!);
  }
  const found = await sessionAndCode({ id: input.session_id });
  const session = found?.session;
  if (!session || session.account_id !== caller.accountId || session.source !== SIMULATOR)
    throw new AppError("NOT_FOUND", { message: `No simulated USSD session ${input.session_id}` });
  if (session.service_code !== input.service_code || session.phone_number !== subscriber.phoneNumber)
    throw new AppError("INVALID_REQUEST", {
      message: `Session ${session.id} is ${session.phone_number} on ${session.service_code}`,
      context: { conflicts_with: "session_id" },
    });
  if (session.status !== "open") throw sessionEnded(session);
  const code = found.code;
  try {
    return simulated(
      session,
      await runUssdHop({ session, code, input: input.input ?? "", receivedAt, ca: options.ca }),
    );
  } catch (error) {
    if (error instanceof SessionEnded) throw sessionEnded(session);
    throw error;
  }
}

function sessionEnded(session: SessionRow): AppError {
  return new AppError("CONFLICT", {
    message: `Session ${session.id} has ended: dial the code again (no session_id) for a new one`,
    context: { reason: "session_ended" },
  });
}

function simulated(session: SessionRow, answer: HopAnswer) {
  return {
    session_id: session.id,
    screen: answer.screen,
    continues: answer.continues,
    ended_reason: answer.endedReason,
    hop: ussdHopView(answer.hop),
  };
}
