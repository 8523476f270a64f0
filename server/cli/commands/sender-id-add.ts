import { defineCommand, required, UsageError } from "../command";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { registerSenderId } from "../../modules/senders/register-sender-id";
import { SENDER_ID_PATTERN } from "../../modules/sms/check-sender";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";

export default defineCommand({
  name: "sender-id add",
  usage: "sender-id add --account ID --name N --country CC [--approved] [--json]",
  options: {
    account: { type: "string" },
    name: { type: "string" },
    country: { type: "string" },
    approved: { type: "boolean" },
  },
  parse(values) {
    const name = required(values, "name");
    if (!SENDER_ID_PATTERN.test(name))
      throw new UsageError(`--name must be 1-11 letters, digits, spaces or . & _ - with a letter: ${name}`);
    const country = required(values, "country").toUpperCase();
    if (!/^[A-Z]{2}$/.test(country))
      throw new UsageError(`--country must be an ISO 3166-1 alpha-2 code: ${values.country}`);
    return { accountId: required(values, "account"), name, country, approved: values.approved === true };
  },
  async run(args) {
    const account = await db().account.findUnique({ where: { id: args.accountId }, select: { id: true } });
    if (!account) throw new AppError("NOT_FOUND", { message: `No account ${args.accountId}` });
    const actor = cliActor();
    const sender = await registerSenderId({
      accountId: args.accountId,
      name: args.name,
      countryIso: args.country,
      approvedBy: args.approved ? actor : undefined,
    });
    await recordAudit({
      actor,
      action: args.approved ? "sender_id.add_approved_override" : "sender_id.add",
      accountId: args.accountId,
      target: sender.id,
      data: { name: sender.name, country: sender.country },
    });
    return {
      json: { sender_id: sender },
      text: `sender ID ${sender.name} in ${sender.country} (${sender.id}) ${sender.status}`,
    };
  },
});
