// Which of a top-up provider's operators is a network: by the network's name or a name it trades or traded under,
// as the operator name's first words ("Vodafone Ghana" is Telecel; "MTN Ghana" is MTN, not "MTN Ghana Data").
import type { Operator } from "../../providers/topups";
import type { MobileNetwork } from "../networks/network-catalogue";

export function operatorForNetwork(operators: Operator[], network: MobileNetwork): Operator | null {
  const names = [network.name, ...network.tradeNames].map((n) => n.toLowerCase());
  const matches = operators.filter((o) => {
    const name = o.name.toLowerCase();
    return names.some((n) => name === n || name.startsWith(`${n} `));
  });
  // The plainest name first: "MTN Ghana" before "MTN Ghana Bundles".
  return matches.sort((a, b) => a.name.length - b.name.length)[0] ?? null;
}
