import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { coverage } from "../coverage/coverage-cache";
import { applySandboxReceipts } from "./apply-sandbox-receipts";
import { smsView } from "./sms-view";

/** GET /api/v1/sms/status: another account's id gets the same NOT_FOUND as an unknown one. */
export async function getSmsStatus(input: { transaction_id: string }, caller: ApiCaller) {
  const notFound = () => new AppError("NOT_FOUND", { message: `No SMS transaction ${input.transaction_id}` });
  const owned = await db().smsMessage.findFirst({ where: { id: input.transaction_id, accountId: caller.accountId }, select: { id: true, mode: true } });
  if (!owned) throw notFound();
  if (owned.mode === "test") await applySandboxReceipts({ transactionId: owned.id });
  const sms = await db().smsMessage.findUniqueOrThrow({ where: { id: owned.id } });
  const country = (await coverage()).byIso.get(sms.countryIso);
  return {
    ...smsView(sms, country?.name, country?.dialingCode),
    error: sms.errorCode ? { code: sms.errorCode, message: sms.errorMessage } : null,
    updated_at: sms.updatedAt.toISOString(),
    delivered_at: sms.deliveredAt?.toISOString() ?? null,
  };
}
