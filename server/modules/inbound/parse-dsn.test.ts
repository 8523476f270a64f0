import { describe, expect, it } from "vitest";
import { isHardBounce, parseDeliveryStatus } from "./parse-dsn";

const report = [
  "Reporting-MTA: dns; mx.example.org",
  "Arrival-Date: Sun, 22 Nov 2026 01:00:00 +0000",
  "",
  "Final-Recipient: rfc822; gone@example.org",
  "Action: failed",
  "Status: 5.1.1",
  "Diagnostic-Code: smtp; 550 5.1.1 <gone@example.org>: Recipient address",
  "  rejected: User unknown",
  "",
  "Final-Recipient: rfc822;<Later@Example.org>",
  "Action: delayed",
  "Status: 4.4.1",
].join("\r\n");

describe("RFC 3464 delivery status", () => {
  it("reads each recipient's action, status and unfolded diagnostic", () => {
    const recipients = parseDeliveryStatus(report);
    expect(recipients).toEqual([
      {
        recipient: "gone@example.org",
        action: "failed",
        status: "5.1.1",
        diagnostic: "550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown",
      },
      { recipient: "later@example.org", action: "delayed", status: "4.4.1", diagnostic: null },
    ]);
    expect(recipients.map(isHardBounce)).toEqual([true, false]);
  });
});
