import { defineCommand, required, UsageError } from "../command";
import { revokeStaff } from "../../modules/users/revoke-staff";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";
import { emailSchema } from "../../modules/users/schemas";

export default defineCommand({
  name: "staff remove",
  usage: "staff remove --email E [--json]",
  options: { email: { type: "string" } },
  parse(values) {
    const email = emailSchema.safeParse(required(values, "email"));
    if (!email.success) throw new UsageError(`--email is not a valid address: ${values.email}`);
    return { email: email.data };
  },
  async run(args) {
    const user = await revokeStaff(args.email);
    await recordAudit({ actor: cliActor(), action: "staff.remove", target: user.id, data: { email: user.email } });
    return {
      json: { user },
      text: `${user.email} is no longer staff; ${user.endedSessions} session(s) ended`,
    };
  },
});
