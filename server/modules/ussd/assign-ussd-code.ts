// Staff assign a USSD code to an account (issue #41, point 1): a dedicated code (*713#) or an extension of a shared
// one (*920*55#), live unless said otherwise, once the carrier routes it to Kasa. A code is one account's: one taken
// answers 409 CONFLICT (reason taken).
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { seal } from "../../lib/seal";
import { newWebhookSecret } from "../webhooks/sign-webhook";
import { ussdCodeView, type UssdCodeView } from "./ussd-code-view";
import { USSD_CODE } from "./schemas";
import { isOnSharedTestCode, sharedTestCode } from "./add-sandbox-code";

export async function assignUssdCode(input: {
  accountId: string;
  code: string;
  mode: "live" | "test";
}): Promise<UssdCodeView> {
  if (!USSD_CODE.test(input.code))
    throw new AppError("INVALID_REQUEST", { message: `Not a USSD code (*, digits, #): ${input.code}` });
  if (isOnSharedTestCode(input.code))
    throw new AppError("INVALID_REQUEST", {
      message: `${input.code} is on the shared test code ${sharedTestCode()}, whose extensions are sandbox codes`,
    });
  const account = await db().account.findUnique({ where: { id: input.accountId }, select: { id: true } });
  if (!account) throw new AppError("NOT_FOUND", { message: `No account ${input.accountId}` });
  const taken = await db().ussdCode.findUnique({ where: { code: input.code } });
  if (taken)
    throw new AppError("CONFLICT", {
      message: `${input.code} is already ${taken.accountId === input.accountId ? "this account's" : "another account's"}`,
      context: { reason: taken.accountId === input.accountId ? "taken_by_you" : "taken" },
    });
  const row = await db()
    .ussdCode.create({
      data: {
        id: newId("ussd"),
        accountId: input.accountId,
        code: input.code,
        mode: input.mode,
        // One star in it (*713#) is a code of its own; more, an extension of a shared one (*920*55#).
        kind: input.code.split("*").length > 2 ? "extension" : "dedicated",
        signingSecret: seal(newWebhookSecret()),
      },
    })
    .catch((error: { code?: string }) => {
      // Assigned to someone else between the check above and this.
      if (error.code === "P2002")
        throw new AppError("CONFLICT", { message: `${input.code} was just assigned`, context: { reason: "taken" } });
      throw error;
    });
  return ussdCodeView(row);
}
