import { defineCommand, required, UsageError } from "../command";
import { formatAmount, parseAmount, toAmountNumber } from "../../lib/money";
import { creditBalance } from "../../modules/billing/credit-balance";
import { cliActor } from "../../modules/audit/record-audit";

export default defineCommand({
  name: "balance credit",
  usage: "balance credit --account ID --amount 10.00 --reason TEXT [--json]",
  options: { account: { type: "string" }, amount: { type: "string" }, reason: { type: "string" } },
  parse(values) {
    const amountText = required(values, "amount");
    const amount = parseAmount(amountText);
    if (amount === undefined || amount <= 0n)
      throw new UsageError(`--amount must be a positive amount like 10.00, not ${amountText}`);
    return { accountId: required(values, "account"), amount, reason: required(values, "reason") };
  },
  async run(args) {
    const change = await creditBalance({
      accountId: args.accountId,
      amountMicros: args.amount,
      reason: args.reason,
      actor: cliActor(),
      audit: {
        actor: cliActor(),
        action: "balance.credit",
        reason: args.reason,
        data: { amount: formatAmount(args.amount) },
      },
    });
    return {
      json: {
        account_id: args.accountId,
        ledger_entry_id: change.entryId.toString(),
        amount: toAmountNumber(args.amount),
        balance: toAmountNumber(change.balanceMicros),
      },
      text: `credited ${formatAmount(args.amount)} to ${args.accountId}; balance ${formatAmount(change.balanceMicros)}`,
    };
  },
});
