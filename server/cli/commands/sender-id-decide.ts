import { defineCommand, optional, required, UsageError } from "../command";
import { decideSenderId } from "../../modules/senders/decide-sender-id";
import { cliActor } from "../../modules/audit/record-audit";

/** A network's decision on a sender ID, as the network gave it to support (docs/decisions.md, "Networks and lookup"). */
export default defineCommand({
  name: "sender-id decide",
  usage: 'sender-id decide <id> [--network NAME] (--approve | --reject "REASON") [--json]',
  positional: "id",
  options: {
    network: { type: "string" },
    approve: { type: "boolean" },
    reject: { type: "string" },
  },
  parse(values) {
    const id = required(values, "id");
    const reject = optional(values, "reject");
    if (values.approve === true && values.reject !== undefined)
      throw new UsageError("give --approve or --reject, not both");
    if (values.approve !== true && values.reject === undefined)
      throw new UsageError('--approve or --reject "REASON" is required');
    if (values.reject !== undefined && !reject) throw new UsageError("--reject needs the reason the network gave");
    return { id, network: optional(values, "network")?.toLowerCase(), reject };
  },
  async run(args) {
    const sender = await decideSenderId({
      id: args.id,
      network: args.network,
      status: args.reject ? "rejected" : "approved",
      note: args.reject,
      actor: cliActor(),
    });
    const where = args.network ?? "every network";
    return {
      json: { sender_id: sender },
      text: `sender ID ${sender.name} in ${sender.country}: ${args.reject ? "rejected" : "approved"} on ${where} (now ${sender.status})`,
    };
  },
});
