import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { verifiedNumberView } from "./sender-views";
import { codeMatches } from "./verification-code";
import { VERIFICATION_LIMITS, triesUsedUp } from "./verification-limits";

/**
 * Step 2: the code that arrived. A wrong, expired or exhausted code changes
 * nothing but the try count, which only a new 24-hour window resets.
 */
export async function confirmNumberVerification(input: { accountId: string; id: string; code: string }) {
  const row = await db().verifiedNumber.findFirst({ where: { id: input.id, accountId: input.accountId } });
  if (!row) throw new AppError("NOT_FOUND", { message: "No such number" });
  if (row.status === "verified") return verifiedNumberView(row);
  const invalid = (message: string) =>
    new AppError("INVALID_REQUEST", {
      message,
      context: { errors: [{ type: "verification_code", loc: ["code"], msg: message }] },
    });
  if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt < new Date())
    throw invalid("The code has expired; send a new one");
  if (row.attempts >= VERIFICATION_LIMITS.triesPerDay) throw triesUsedUp(row.triesSince ?? new Date());
  if (!codeMatches({ stored: row.codeHash, accountId: input.accountId, number: row.number, given: input.code })) {
    await db().verifiedNumber.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
    throw invalid("That code is not right");
  }
  const verified = await db().verifiedNumber.update({
    where: { id: row.id },
    data: { status: "verified", verifiedAt: new Date(), verifiedBy: "code", codeHash: null, codeExpiresAt: null },
  });
  return verifiedNumberView(verified);
}
