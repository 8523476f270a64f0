import { describe, expect, it } from "vitest";
import { isForbiddenAddress, unsafeHostReason } from "./url-safety";
import { withConfig } from "../../../test/config";
import { configure } from "../../config/config";

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
      // IPv4-translated (RFC 6145), local NAT64 (RFC 8215) and Teredo (RFC 4380) forms, and what else IANA reserves.
      "::ffff:0:7f00:1",
      "::ffff:0:a00:1",
      "64:ff9b:1::7f00:1",
      "64:ff9b:1::8.8.8.8",
      "2001::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001:db8::1",
      "fec0::1",
      "100::1",
      "255.255.255.255",
      "192.0.2.1",
      "198.18.0.1",
      "240.0.0.1",
      "224.0.0.1",
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const a of [
      "93.184.216.34",
      "8.8.8.8",
      "1.1.1.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001::200e",
      "2001:4860::8888",
    ])
      expect(isForbiddenAddress(a), a).toBe(false);
  });
  it("checks IP literals and names, and lets WEBHOOK_ALLOWED_HOSTS through", async () => {
    expect(await unsafeHostReason("[::1]")).toMatch(/private, loopback/);
    expect(await unsafeHostReason("localhost")).toMatch(/resolves to/);
    // How a developer's own machine lets it through, said where the operator is the developer.
    await withConfig({ NODE_ENV: "development" }, async () =>
      expect(await unsafeHostReason("localhost")).toMatch(/start it with WEBHOOK_ALLOWED_HOSTS=localhost/),
    );
    await withConfig({ NODE_ENV: "production" }, async () =>
      expect(await unsafeHostReason("localhost")).toMatch(/webhooks go to public addresses only$/),
    );
    expect(await unsafeHostReason("93.184.216.34")).toBeNull();
    const restore = configure({ WEBHOOK_ALLOWED_HOSTS: "localhost" });
    try {
      expect(await unsafeHostReason("localhost")).toBeNull();
    } finally {
      restore();
    }
  });
});
