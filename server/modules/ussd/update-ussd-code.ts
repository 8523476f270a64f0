// PATCH /api/v1/ussd/codes/{id}: the settings of one of the account's codes: its app's address (a public https
// address, checked as webhooks' are), the app's time to answer and the text shown when it fails. Fields not given
// stay as they are. A key changes its own mode's codes only; the dashboard, for developers, any.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { publicWebhookUrl } from "../webhooks/public-webhook-url";
import type { UpdateUssdCodeInput } from "./schemas";
import { releasedMeanwhile, ussdCodeView, type UssdCodeView } from "./ussd-code-view";

export async function updateUssdCode(input: UpdateUssdCodeInput, caller: { accountId: string }): Promise<UssdCodeView> {
  const code = await db().ussdCode.findFirst({ where: { id: input.id, accountId: caller.accountId } });
  if (!code) throw new AppError("NOT_FOUND", { message: `No USSD code ${input.id} on this account` });
  // Checked before anything is written: a refused address changes nothing.
  const callbackUrl = input.callback_url ? (await publicWebhookUrl(input.callback_url)).toString() : input.callback_url;
  const row = await db()
    .ussdCode.update({
      where: { id: code.id },
      data: {
        ...(callbackUrl !== undefined ? { callbackUrl } : {}),
        ...(input.timeout_ms !== undefined ? { timeoutMs: input.timeout_ms } : {}),
        ...(input.failure_text !== undefined ? { failureText: input.failure_text } : {}),
        updatedAt: new Date(),
      },
    })
    .catch(releasedMeanwhile(input.id));
  return ussdCodeView(row);
}
