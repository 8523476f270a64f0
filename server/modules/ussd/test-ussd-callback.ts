// The USSD page's "Test your app" (issue #41, point 6): one signed callback to the code's saved app, as a dial's first
// hop (text "") of a session made up for it, from a Ghanaian MTN number. Nothing is stored or charged: it says what a
// subscriber would read first, or why they would read the failure text, and how long the app took.
import { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { unseal } from "../../lib/seal";
import { callUssdApp } from "./call-ussd-app";
import { subscriberOf } from "./subscriber";

/** The made-up subscriber: an MTN Ghana range, so the app sees a networkCode it knows (62001). */
const TEST_SUBSCRIBER = "+233241234567";

export async function testUssdCallback(
  input: { id: string },
  caller: { accountId: string },
  options: { ca?: string | Buffer } = {},
) {
  const code = await db().ussdCode.findFirst({ where: { id: input.id, accountId: caller.accountId } });
  if (!code) throw new AppError("NOT_FOUND", { message: `No USSD code ${input.id} on this account` });
  if (!code.callbackUrl)
    throw new AppError("INVALID_REQUEST", {
      message: "Save your app's URL first: the test calls the saved one",
      context: { field: "callback_url" },
    });
  throttle(caller.accountId);
  const subscriber = await subscriberOf(TEST_SUBSCRIBER);
  const sessionId = newId("uss");
  const result = await callUssdApp({
    url: code.callbackUrl,
    secret: unseal(code.signingSecret),
    timeoutMs: code.timeoutMs,
    hopId: `${sessionId}.1`,
    fields: {
      sessionId,
      serviceCode: code.code,
      phoneNumber: subscriber.phoneNumber,
      networkCode: subscriber.networkCode ?? "",
      text: "",
    },
    ca: options.ca,
  });
  const { answer } = result;
  return {
    session_id: sessionId,
    status: result.status,
    ms: result.ms,
    ...(answer.kind === "error"
      ? { ok: false as const, reason: answer.reason, detail: answer.detail, screen: code.failureText }
      : { ok: true as const, continues: answer.kind === "continue", screen: answer.text }),
  };
}

/**
 * One test every few seconds per account and process: each is a POST from Kasa to an address the account chose,
 * which must not become a way to send a stranger's site traffic from Kasa's addresses.
 */
const TEST_EVERY_MS = 3_000;
const lastTest = new Map<string, number>();

function throttle(accountId: string): void {
  const now = Date.now();
  const waitMs = (lastTest.get(accountId) ?? 0) + TEST_EVERY_MS - now;
  if (waitMs > 0) throw rateLimited(`One test every ${TEST_EVERY_MS / 1000} s: try again shortly`, 1, waitMs / 1000);
  lastTest.set(accountId, now);
  // Forgotten once past: the map holds only accounts tested in the last few seconds.
  setTimeout(() => lastTest.get(accountId) === now && lastTest.delete(accountId), TEST_EVERY_MS).unref();
}
