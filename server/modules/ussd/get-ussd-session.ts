// GET /api/v1/ussd/sessions/{id}: one session with its hops (what the app was sent and answered, the times).
import { AppError } from "../../errors/app-error";
import { hopsOf, sessionById } from "./ussd-session-store";
import { ussdSessionView } from "./ussd-session-view";

export async function getUssdSession(id: string, caller: { accountId: string; mode: string }) {
  const session = await sessionById(id);
  if (!session || session.account_id !== caller.accountId || session.mode !== caller.mode)
    throw new AppError("NOT_FOUND", { message: `No USSD session ${id}` });
  return ussdSessionView(session, await hopsOf(id));
}
