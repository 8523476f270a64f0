import { describe, expect, it } from "vitest";
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENTS, eventsByChannel } from "./events";

describe("the event picker's groups", () => {
  it("describes every event in one line and puts each in exactly one channel", () => {
    for (const name of WEBHOOK_EVENTS) expect(EVENT_DESCRIPTIONS[name], name).toMatch(/^[A-Z].{5,80}$/);
    const grouped = eventsByChannel();
    expect(grouped.map((g) => g.channel)).toEqual([
      "email",
      "sms",
      "airtime",
      "data",
      "balance",
      "verify",
      "contact",
      "sender_id",
      "ussd",
      "whatsapp",
    ]);
    expect(grouped.flatMap((g) => g.events).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});
