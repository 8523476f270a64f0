import { describe, expect, it } from "vitest";
import { redactInternal } from "./redact-internal";

describe("error text for customers", () => {
  it("keeps what the remote side said and takes out addresses of our own network", () => {
    expect(redactInternal("connect ECONNREFUSED 10.0.3.7:2775")).toBe("connect ECONNREFUSED [address]");
    expect(redactInternal("getaddrinfo ENOTFOUND relay-1.internal.kasa:587")).toBe("getaddrinfo ENOTFOUND [address]");
    expect(redactInternal("connect ECONNREFUSED [fd00::12]:25")).toBe("connect ECONNREFUSED [address]");
    expect(redactInternal("request to http://smsc.corp.local/send failed")).toBe("request to [address] failed");
    expect(redactInternal("550 5.1.1 <gone@example.org>: Recipient address rejected")).toBe(
      "550 5.1.1 <gone@example.org>: Recipient address rejected",
    );
    expect(redactInternal("Invalid destination address (0x0B) at 12:30")).toBe(
      "Invalid destination address (0x0B) at 12:30",
    );
  });
});
