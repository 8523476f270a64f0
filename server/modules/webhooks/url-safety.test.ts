import { describe, expect, it } from "vitest";
import { isForbiddenAddress, unsafeHostReason } from "./url-safety";

describe("webhook URL safety", () => {
  it("refuses loopback, private, link-local, metadata, CGNAT and every IPv6 range that embeds an IPv4 address; allows public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "::ffff:8.8.8.8",
      "::127.0.0.1",
      "::a00:1",
      "64:ff9b::a00:1",
      "64:ff9b::8.8.8.8",
      "2002:a00:1::1",
      "2002:7f00:1::",
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001::200e"])
      expect(isForbiddenAddress(a), a).toBe(false);
  });
  it("checks IP literals and names, and lets WEBHOOK_ALLOWED_HOSTS through", async () => {
    expect(await unsafeHostReason("[::1]")).toMatch(/private, loopback/);
    expect(await unsafeHostReason("localhost")).toMatch(/resolves to/);
    expect(await unsafeHostReason("93.184.216.34")).toBeNull();
    process.env.WEBHOOK_ALLOWED_HOSTS = "localhost";
    try {
      expect(await unsafeHostReason("localhost")).toBeNull();
    } finally {
      delete process.env.WEBHOOK_ALLOWED_HOSTS;
    }
  });
});
