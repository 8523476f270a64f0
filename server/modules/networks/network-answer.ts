import type { MobileNetwork } from "./network-catalogue";

/** A network as the API shows it. */
export function networkAnswer(network: MobileNetwork) {
  return { network: network.slug, name: network.name, mcc: network.mcc, mnc: network.mncs[0]!, mncs: network.mncs };
}

/** A network with the ranges first allocated to it, in E.164 form (+ the country's calling code and the prefix). */
export function networkAnswerWithRanges(network: MobileNetwork, dialingCode: string) {
  return {
    ...networkAnswer(network),
    prefixes: [...network.prefixes].sort().map((prefix) => `+${dialingCode}${prefix}`),
  };
}
