// The USSD page (issue #41): the account's codes and their app's settings, the phone (the simulator, as a test
// key drives it) and the sessions log. Reading sessions is anyone's on the account; the codes carry their signing
// secrets and the phone calls the account's app, so those are developers'.
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { useCaseInput } from "../use-case-input";
import { listUssdCodes } from "../../modules/ussd/list-ussd-codes";
import { updateUssdCode } from "../../modules/ussd/update-ussd-code";
import { simulateUssd } from "../../modules/ussd/simulate-ussd";
import { listUssdSessions } from "../../modules/ussd/list-ussd-sessions";
import { getUssdSession } from "../../modules/ussd/get-ussd-session";
import { ussdSessionDays } from "../../modules/ussd/ussd-session-days";
import { testUssdCallback } from "../../modules/ussd/test-ussd-callback";
import { listUssdSessionsInput, simulateUssdInput, updateUssdCodeInput, ussdCodeId } from "../../modules/ussd/schemas";

const mode = z.object({ mode: z.enum(["live", "test"]) });

export const ussdRouter = router({
  codes: accountProcedure("developer").query(({ input }) => listUssdCodes(input)),
  updateCode: accountProcedure("developer", { active: true })
    .input(useCaseInput(updateUssdCodeInput))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "ussd_code.updated",
        () => updateUssdCode(input, input),
        (code) => ({
          target: code.id,
          data: { callback_url: code.callback_url, timeout_ms: code.timeout_ms, failure_text: code.failure_text },
        }),
      ),
    ),
  // "Test your app": one signed callback to the saved URL, nothing stored (it calls the account's app: developers').
  testCallback: accountProcedure("developer", { active: true })
    .input(useCaseInput(ussdCodeId))
    .mutation(({ input }) => testUssdCallback(input, input)),
  // The phone: always a test session, whatever the page's mode (the simulator takes test keys only).
  simulate: accountProcedure("developer", { active: true })
    .input(useCaseInput(simulateUssdInput))
    .mutation(({ input }) => simulateUssd(input, { accountId: input.accountId, mode: "test" })),
  sessions: accountProcedure()
    .input(mode)
    .input(useCaseInput(listUssdSessionsInput))
    .query(({ input }) => listUssdSessions(input, input)),
  sessionDays: accountProcedure()
    .input(mode)
    .query(({ input }) => ussdSessionDays(input)),
  session: accountProcedure()
    .input(mode)
    .input(z.object({ id: z.string().min(1).max(64) }))
    .query(({ input }) => getUssdSession(input.id, input)),
});
