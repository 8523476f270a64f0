import { counter } from "../../lib/metrics";

export type SendOutcome = "accepted" | "rejected" | "unavailable" | "pending" | "unknown";

const sends = () =>
  counter("kasa_sends_total", "Hand-offs to a carrier, relay or top-up provider, by channel, carrier and outcome", [
    "channel",
    "carrier",
    "outcome",
    "mode",
  ]);

/** One attempt to hand a message or purchase over; `carrier` is the configured name (or "sandbox"). */
export function countSend(a: { channel: string; carrier: string; outcome: SendOutcome; mode: string }): void {
  sends().inc(a);
}
