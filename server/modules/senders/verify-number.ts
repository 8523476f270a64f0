import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { parseRecipient } from "../sms/phone";
import { sendSystemSms } from "../sms/send-system-sms";
import { verifiedNumberView } from "./sender-views";

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

/**
 * Step 1 of using a phone number as `from`: we text a 6-digit code to it.
 * The code is stored hashed, lasts 10 minutes and allows 5 tries; asking
 * again sends a fresh code.
 */
export async function startNumberVerification(input: { accountId: string; number: string }) {
  const { e164, countryIso } = parseRecipient(input.number);
  const existing = await db().verifiedNumber.findUnique({ where: { accountId_number: { accountId: input.accountId, number: e164 } } });
  if (existing?.status === "verified") throw new AppError("CONFLICT", { message: `${e164} is already verified`, context: { reason: "taken_by_you" } });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const data = { codeHash: hashCode(input.accountId, e164, code), codeExpiresAt: new Date(Date.now() + CODE_TTL_MS), attempts: 0 };
  const row = existing
    ? await db().verifiedNumber.update({ where: { id: existing.id }, data })
    : await db().verifiedNumber.create({ data: { id: newId("pn"), accountId: input.accountId, number: e164, ...data } });
  const sent = await sendSystemSms({ to: e164, countryIso, body: `Your Kasa verification code is ${code}. It expires in 10 minutes.` });
  return { number: verifiedNumberView(row), code_sent: sent.sentVia !== null, ...(sent.sentVia === null ? { note: sent.reason === "no_live_carrier" ? "No live SMS carrier on this deployment: the code was written to the server log" : `The code could not be sent: ${sent.reason}` } : {}) };
}

/** Step 2: the code that arrived. A wrong, expired or exhausted code changes nothing but the try count. */
export async function confirmNumberVerification(input: { accountId: string; id: string; code: string }) {
  const row = await db().verifiedNumber.findFirst({ where: { id: input.id, accountId: input.accountId } });
  if (!row) throw new AppError("NOT_FOUND", { message: "No such number" });
  if (row.status === "verified") return verifiedNumberView(row);
  const invalid = (message: string) => new AppError("INVALID_REQUEST", { message, context: { errors: [{ type: "verification_code", loc: ["code"], msg: message }] } });
  if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt < new Date()) throw invalid("The code has expired; send a new one");
  if (row.attempts >= MAX_ATTEMPTS) throw invalid("Too many wrong codes; send a new one");
  const given = Buffer.from(hashCode(input.accountId, row.number, input.code.trim()));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await db().verifiedNumber.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
    throw invalid("That code is not right");
  }
  const verified = await db().verifiedNumber.update({ where: { id: row.id }, data: { status: "verified", verifiedAt: new Date(), verifiedBy: "code", codeHash: null, codeExpiresAt: null } });
  return verifiedNumberView(verified);
}

/** Support override (CLI `phone add --verified`): a number recorded as verified without a code. */
export async function addVerifiedNumber(input: { accountId: string; number: string; verifiedBy: string }) {
  const { e164 } = parseRecipient(input.number);
  const row = await db().verifiedNumber.upsert({
    where: { accountId_number: { accountId: input.accountId, number: e164 } },
    create: { id: newId("pn"), accountId: input.accountId, number: e164, status: "verified", verifiedAt: new Date(), verifiedBy: input.verifiedBy },
    update: { status: "verified", verifiedAt: new Date(), verifiedBy: input.verifiedBy, codeHash: null, codeExpiresAt: null },
  });
  return verifiedNumberView(row);
}

function hashCode(accountId: string, number: string, code: string): string {
  return createHash("sha256").update(`${accountId}:${number}:${code}`).digest("hex");
}
