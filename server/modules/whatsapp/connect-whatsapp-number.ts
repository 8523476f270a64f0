// POST /api/v1/whatsapp/numbers (issue #42, point 1): an account connects its WhatsApp Business number. Kasa asks
// Meta for the number with the token given (GET /{phone_number_id}, with the app secret's proof) before keeping
// anything, so a wrong id, token or app secret is refused with Meta's reason and nothing is written; the token and app secret are sealed, never shown again, and
// the verify token of Meta's webhook handshake is shown in this answer only.
import { AppError } from "../../errors/app-error";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { seal } from "../../lib/seal";
import {
  getPhoneNumber,
  GraphError,
  GraphUnavailable,
  type GraphPhoneNumber,
} from "../../providers/whatsapp/graph-api";
import { newOneTimeToken } from "../users/tokens/one-time-token";
import type { ConnectWhatsappNumberInput } from "./schemas";
import { whatsappNumberView } from "./whatsapp-number-view";

export async function connectWhatsappNumber(input: ConnectWhatsappNumberInput, caller: { accountId: string }) {
  // Meta first: whether a number is connected here is told only to whom Meta lets use it.
  const number = await askMeta(input);
  await refuseTaken(input.phone_number_id, caller.accountId);
  const verify = newOneTimeToken();
  try {
    const row = await db().whatsappNumber.create({
      data: {
        id: newId("wan"),
        accountId: caller.accountId,
        phoneNumberId: input.phone_number_id,
        wabaId: input.waba_id,
        displayPhoneNumber: number.display_phone_number,
        verifiedName: number.verified_name ?? null,
        qualityRating: number.quality_rating ?? null,
        accessToken: seal(input.access_token),
        appSecret: seal(input.app_secret),
        verifyTokenHash: verify.hash,
      },
    });
    return { ...whatsappNumberView(row), verify_token: verify.token };
  } catch (error) {
    // Connected by someone else between the check and now.
    if ((error as { code?: string }).code === "P2002") await refuseTaken(input.phone_number_id, caller.accountId);
    throw error;
  }
}

async function refuseTaken(phoneNumberId: string, accountId: string): Promise<void> {
  const taken = await db().whatsappNumber.findUnique({ where: { phoneNumberId }, select: { accountId: true } });
  if (!taken) return;
  const yours = taken.accountId === accountId;
  throw new AppError("CONFLICT", {
    message: yours
      ? `Phone number ID ${phoneNumberId} is connected to this account already (GET /api/v1/whatsapp/numbers)`
      : `Phone number ID ${phoneNumberId} is connected to another Kasa account`,
    context: { field: "phone_number_id", reason: yours ? "taken_by_you" : "taken" },
  });
}

/** Meta's answer for the number, or the request refused with Meta's reason. */
async function askMeta(input: ConnectWhatsappNumberInput): Promise<GraphPhoneNumber> {
  try {
    const number = await getPhoneNumber(input.phone_number_id, input.access_token, input.app_secret);
    if (number.id !== input.phone_number_id || !number.display_phone_number)
      throw new AppError("PROVIDER_ERROR", { message: "Meta answered for another number: try again" });
    return number;
  } catch (error) {
    if (error instanceof GraphUnavailable)
      throw new AppError("PROVIDER_ERROR", {
        message: "Meta's Graph API did not answer in time: nothing was connected, try again",
        context: { retryAfter: 5 },
      });
    if (!(error instanceof GraphError)) throw error;
    // 190: the token (expired, revoked, malformed); 100: a wrong appsecret_proof (the app secret), or no such object
    // (or one the token may not see).
    const [field, reason] =
      error.code === 190
        ? ["access_token", "meta_token_invalid"]
        : error.code === 100 && /appsecret_proof/i.test(error.message)
          ? ["app_secret", "meta_app_secret_invalid"]
          : error.code === 100
            ? ["phone_number_id", "meta_number_not_found"]
            : ["access_token", "meta_refused"];
    throw new AppError("INVALID_REQUEST", {
      message: `Meta refused: ${error.message}`,
      context: { field, reason, meta_code: error.code },
    });
  }
}
