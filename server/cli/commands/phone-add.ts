import { defineCommand, required, UsageError } from "../command";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { addVerifiedNumber } from "../../modules/senders/add-verified-number";
import { startNumberVerification } from "../../modules/senders/start-number-verification";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";

export default defineCommand({
  name: "phone add",
  usage: "phone add --account ID --number E164 [--verified] [--json]",
  options: { account: { type: "string" }, number: { type: "string" }, verified: { type: "boolean" } },
  parse(values) {
    const number = required(values, "number");
    if (!/^\+[1-9]\d{6,14}$/.test(number))
      throw new UsageError(`--number must be E.164, e.g. +233201234567: ${number}`);
    return { accountId: required(values, "account"), number, verified: values.verified === true };
  },
  async run(args) {
    const account = await db().account.findUnique({ where: { id: args.accountId }, select: { id: true } });
    if (!account) throw new AppError("NOT_FOUND", { message: `No account ${args.accountId}` });
    const actor = cliActor();
    // --verified: a support override without a code; otherwise the number is texted a code, as from the dashboard.
    const number = args.verified
      ? await addVerifiedNumber({ accountId: args.accountId, number: args.number, verifiedBy: actor })
      : (await startNumberVerification({ accountId: args.accountId, number: args.number })).number;
    await recordAudit({
      actor,
      action: args.verified ? "phone.add_verified_override" : "phone.verification_sent",
      accountId: args.accountId,
      target: number.id,
      data: { number: number.number },
    });
    return { json: { number }, text: `phone ${number.number} (${number.id}) ${number.status}` };
  },
});
