import { defineCommand, optional, required, UsageError } from "../command";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { formatAmount, parseAmount, toAmountNumber } from "../../lib/money";
import { createAccount } from "../../modules/accounts/create-account";
import { isPlanId, PLAN_IDS, type PlanId } from "../../modules/accounts/plans";
import { emailSchema } from "../../modules/users/schemas";

export default defineCommand({
  name: "account create",
  usage: "account create --email E [--name N] [--plan free|starter|pro|business|enterprise] [--balance 25.00] [--json]",
  options: {
    email: { type: "string" },
    name: { type: "string" },
    plan: { type: "string" },
    balance: { type: "string" },
  },
  parse(values) {
    const email = emailSchema.safeParse(required(values, "email"));
    if (!email.success) throw new UsageError(`--email is not a valid address: ${values.email}`);
    const plan = optional(values, "plan") ?? "free";
    if (!isPlanId(plan)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(", ")}`);
    const balanceText = optional(values, "balance") ?? "0";
    const balance = parseAmount(balanceText);
    if (balance === undefined) throw new UsageError(`--balance must be an amount like 25.00, not ${balanceText}`);
    return { email: email.data, name: optional(values, "name"), plan: plan as PlanId, balance };
  },
  async run(args) {
    // The account's owner: the person with this email, made (without a password) if new. The operator vouches for
    // the address, so it counts as verified (docs/decisions.md, "Authentication and API keys") and the live key works at once.
    const user = await db().user.upsert({
      where: { email: args.email },
      create: { id: newId("usr"), email: args.email, emailVerifiedAt: new Date() },
      update: {},
    });
    if (!user.emailVerifiedAt)
      await db().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const created = await createAccount({
      ownerUserId: user.id,
      name: args.name ?? args.email,
      plan: args.plan,
      openingBalanceMicros: args.balance,
      actor: "cli",
      liveKey: true,
    });
    const { account, keys } = created;
    return {
      json: {
        account: {
          id: account.id,
          name: account.name,
          plan: account.plan,
          status: account.status,
          currency: account.currency,
          balance: toAmountNumber(account.balanceMicros),
          owner: user.email,
        },
        keys: { test: keys.test.key, live: keys.live.key },
      },
      text: [
        `account ${account.id} (${account.name}) on ${account.plan}, balance ${formatAmount(account.balanceMicros)} ${account.currency}, owner ${user.email}`,
        `test key: ${keys.test.key}`,
        `live key: ${keys.live.key}`,
      ].join("\n"),
    };
  },
});
