import { defineCommand, optional, required, UsageError } from "../command";
import { createStaffUser } from "../../modules/users/create-staff-user";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";
import { passwordWeakness } from "../../modules/users/password";
import { emailSchema } from "../../modules/users/schemas";

export default defineCommand({
  name: "staff create",
  usage: "staff create --email E --password P [--name N] [--json]",
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  parse(values) {
    const email = emailSchema.safeParse(required(values, "email"));
    if (!email.success) throw new UsageError(`--email is not a valid address: ${values.email}`);
    const password = required(values, "password");
    const weakness = passwordWeakness(password);
    if (weakness) throw new UsageError(`--password is too weak: ${weakness}`);
    return { email: email.data, password, name: optional(values, "name") };
  },
  async run(args) {
    const user = await createStaffUser(args);
    await recordAudit({ actor: cliActor(), action: "staff.create", target: user.id, data: { email: user.email } });
    return { json: { user }, text: `staff user ${user.email} (${user.id})` };
  },
});
