import { defineCommand, required, UsageError } from "../command";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { addDomain } from "../../modules/domains/add-domain";
import { domainNameSchema } from "../../modules/domains/schemas";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";

export default defineCommand({
  name: "domain add",
  usage: "domain add --account ID --domain D [--verified] [--json]",
  options: { account: { type: "string" }, domain: { type: "string" }, verified: { type: "boolean" } },
  parse(values) {
    const domain = domainNameSchema.safeParse(required(values, "domain"));
    if (!domain.success) throw new UsageError(`--domain is not a domain name: ${values.domain}`);
    return { accountId: required(values, "account"), name: domain.data, verified: values.verified === true };
  },
  async run(args) {
    const account = await db().account.findUnique({ where: { id: args.accountId }, select: { id: true } });
    if (!account) throw new AppError("NOT_FOUND", { message: `No account ${args.accountId}` });
    // --verified skips the DNS check: a support override, recorded on the domain as verified by "cli".
    const domain = await addDomain({
      accountId: args.accountId,
      name: args.name,
      verifiedBy: args.verified ? "cli" : undefined,
    });
    await recordAudit({
      actor: cliActor(),
      action: args.verified ? "domain.add_verified_override" : "domain.add",
      accountId: args.accountId,
      target: domain.id,
      data: { domain: domain.name },
    });
    return {
      json: { domain },
      text: [
        `domain ${domain.name} (${domain.id}) ${domain.status}${domain.primary ? ", primary" : ""}`,
        ...domain.dns_records.map((r) => `  ${r.type} ${r.name} ${r.priority ?? ""} ${r.value}`),
      ].join("\n"),
    };
  },
});
