import { defineCommand, optional, required, UsageError } from "../command";
import { assignUssdCode } from "../../modules/ussd/assign-ussd-code";
import { USSD_CODE } from "../../modules/ussd/schemas";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";

export default defineCommand({
  name: "ussd-code assign",
  usage: 'ussd-code assign --account ID --code "*920*55#" [--mode live|test] [--json]',
  options: { account: { type: "string" }, code: { type: "string" }, mode: { type: "string" } },
  parse(values) {
    const code = required(values, "code");
    if (!USSD_CODE.test(code)) throw new UsageError(`--code must be a USSD code, e.g. "*920*55#": ${code}`);
    const mode = optional(values, "mode") ?? "live";
    if (mode !== "live" && mode !== "test") throw new UsageError(`--mode is live or test: ${mode}`);
    return { accountId: required(values, "account"), code, mode: mode as "live" | "test" };
  },
  async run(args) {
    const code = await assignUssdCode(args);
    await recordAudit({
      actor: cliActor(),
      action: "ussd_code.assigned",
      accountId: args.accountId,
      target: code.id,
      data: { code: code.service_code, mode: code.mode, kind: code.kind },
    });
    const { signing_secret: _secret, ...shown } = code;
    return { json: { code: shown }, text: `USSD code ${code.service_code} (${code.id}) ${code.mode}, ${code.kind}` };
  },
});
