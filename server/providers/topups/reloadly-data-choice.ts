// Which of Reloadly's plans delivers a Kasa bundle (network + capacity_gb).
// A customer who paid for N GB gets N GB (within 3%: "1000MB" and "1024MB" are
// both sold as 1 GB), valid at least as long as the catalogue says; never a
// smaller bundle, never a shorter one. Among those: the catalogue's validity
// exactly, a data operator before a combo one, a validity we could read before
// one we could not, then the cheapest. A data_bundles row may pin a plan instead
// with provider_code "reloadly:<operatorId>:<amount>", for descriptions no
// parser reads; a pinned plan must still be on sale.
import type { DataPlan } from "./reloadly-data-plans";

export type WantedBundle = { network: string; capacityGb: number; validityDays: number; bundleCode: string };
const NETWORK_NAMES: Record<string, string> = { mtn: "MTN", telecel: "Telecel", airteltigo: "AirtelTigo" };

export function choosePlan(plans: DataPlan[], wanted: WantedBundle): DataPlan | { refusal: string } {
  const name = NETWORK_NAMES[wanted.network] ?? wanted.network;
  const onNetwork = plans.filter((p) => p.network === wanted.network);
  const pin = /^reloadly:(\d+):(\d+(?:\.\d+)?)$/.exec(wanted.bundleCode);
  if (pin) {
    const pinned = onNetwork.find(
      (p) => p.operatorId === Number(pin[1]) && Math.abs(p.amount - Number(pin[2])) < 0.005,
    );
    return (
      pinned ?? {
        refusal: `The provider no longer sells the ${wanted.capacityGb} GB ${name} plan this bundle is set to`,
      }
    );
  }
  if (onNetwork.length === 0) return { refusal: `The provider sells no ${name} data bundles at the moment` };
  const candidates = onNetwork.filter(
    (p) =>
      p.capacityGb !== null &&
      Math.abs(p.capacityGb - wanted.capacityGb) <= wanted.capacityGb * 0.03 &&
      (p.validityDays === null || p.validityDays >= wanted.validityDays),
  );
  if (candidates.length === 0) {
    const sizes = [...new Set(onNetwork.map((p) => p.capacityGb).filter((gb) => gb !== null))].sort((a, b) => a! - b!);
    return {
      refusal: `The provider no longer sells a ${wanted.capacityGb} GB ${name} bundle valid ${wanted.validityDays} days${
        sizes.length ? `; it sells ${sizes.join(", ")} GB` : ""
      }`,
    };
  }
  const rank = (p: DataPlan) => [
    p.validityDays === wanted.validityDays ? 0 : 1,
    p.dataOperator ? 0 : 1,
    p.validityDays === null ? 1 : 0,
    p.amount,
  ];
  return candidates.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra.map((v, i) => v - rb[i]!).find((d) => d !== 0) ?? 0;
  })[0]!;
}
