import { defineCommand, required } from "../command";
import { setAccountStatus } from "../../modules/accounts/set-account-status";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";

function statusCommand(verb: "suspend" | "activate", status: "suspended" | "active") {
  return defineCommand({
    name: `account ${verb}`,
    usage: `account ${verb} --account ID [--json]`,
    options: { account: { type: "string" } },
    parse: (values) => ({ accountId: required(values, "account") }),
    async run({ accountId }) {
      const account = await setAccountStatus({ accountId, status });
      await recordAudit({ actor: cliActor(), action: `account.${verb}`, accountId, target: accountId });
      return { json: { account }, text: `account ${account.id} is ${account.status}` };
    },
  });
}

export const accountSuspend = statusCommand("suspend", "suspended");
export const accountActivate = statusCommand("activate", "active");
