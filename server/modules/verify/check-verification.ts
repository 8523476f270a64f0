// POST /api/v1/verify/check: one try of a code. Under the verification's row
// lock, so concurrent tries count one by one (five wrong tries, never six). A
// wrong code costs an attempt; the fifth makes it failed, after which even the
// right code is refused; an approved, failed or expired verification answers
// its status and changes nothing. Approval or failure erases a live
// verification's sealed code and raises verify.approved or verify.failed.
import { db, type Tx } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { Verification } from "../../db/generated/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { parseRecipient } from "../sms/phone";
import type { CheckVerificationInput } from "./schemas";
import { emailAddressOf } from "./email-address-of";
import { verifyCodeMatches } from "./verify-code";
import { MAX_WRONG_CODES, answerVerification, effectiveStatus, verificationEventData } from "./verification-view";

export async function checkVerification(input: CheckVerificationInput, caller: ApiCaller) {
  const id = input.verification_id ?? (await latestTo(caller, input.to!));
  // A settled one answers without the row lock: a flood of checks on it waits on nothing.
  const current = await db().verification.findFirst({
    where: { id, accountId: caller.accountId, mode: caller.mode },
  });
  if (!current) throw notFound(id);
  if (current.status !== "pending") return answerVerification(current);
  const settled = await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM verifications WHERE id = ${id} AND account_id = ${caller.accountId} AND mode = ${caller.mode}::key_mode
      FOR UPDATE`;
    if (!row) throw notFound(id);
    const v = await tx.verification.findUniqueOrThrow({ where: { id } });
    if (v.status !== "pending") return v;
    if (effectiveStatus(v) === "expired") return settle(tx, v, { status: "expired" });
    if (verifyCodeMatches({ stored: v.codeHash, verificationId: v.id, given: input.code }))
      return settle(tx, v, { status: "approved", approvedAt: new Date() }, "verify.approved");
    const wrong = v.wrongAttempts + 1;
    if (wrong >= MAX_WRONG_CODES) return settle(tx, v, { status: "failed", wrongAttempts: wrong }, "verify.failed");
    return tx.verification.update({ where: { id }, data: { wrongAttempts: wrong, updatedAt: new Date() } });
  });
  return answerVerification(settled);
}

/** GET /api/v1/verify/status. */
export async function verificationStatus(verificationId: string, caller: ApiCaller) {
  const v = await db().verification.findFirst({
    where: { id: verificationId, accountId: caller.accountId, mode: caller.mode },
  });
  if (!v) throw notFound(verificationId);
  return answerVerification(v);
}

async function settle(
  tx: Tx,
  v: Verification,
  change: Partial<Pick<Verification, "status" | "approvedAt" | "wrongAttempts">>,
  event?: "verify.approved" | "verify.failed",
) {
  const updated = await tx.verification.update({
    where: { id: v.id },
    // A live code is no longer needed by anything once settled; a test one stays for its dashboard page.
    data: { ...change, updatedAt: new Date(), ...(v.mode === "live" ? { codeSealed: null } : {}) },
  });
  if (event)
    await tx.event.create({
      data: {
        accountId: v.accountId,
        transactionId: v.id,
        event,
        data: verificationEventData(updated),
        livemode: v.mode === "live",
      },
    });
  return updated;
}

/** By destination: the latest verification to it (so a second check after approval still answers approved). */
async function latestTo(caller: ApiCaller, to: string): Promise<string> {
  const address = to.includes("@") ? emailAddressOf(to) : parseRecipient(to).e164;
  const v = await db().verification.findFirst({
    where: { accountId: caller.accountId, mode: caller.mode, toAddress: address },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!v) throw notFound(address);
  return v.id;
}

function notFound(what: string) {
  return new AppError("NOT_FOUND", { message: `No verification ${what} on this account` });
}
