import { describe, expect, it, onTestFinished } from "vitest";
import type { IncomingMessage } from "node:http";
import { trustForwardedFor } from "./trusted-forwarded-for";
import { clientAddress } from "../auth/client-address";
import { configure } from "../config/config";

const request = (xff: string | undefined, peer = "203.0.113.10") =>
  ({
    headers: xff === undefined ? {} : { "x-forwarded-for": xff },
    socket: { remoteAddress: peer },
  }) as unknown as IncomingMessage;

describe("the client address the throttles count", () => {
  it("is the socket's peer by default, whatever the client writes into X-Forwarded-For", () => {
    const forged = request("1.2.3.4, 5.6.7.8");
    trustForwardedFor(forged);
    expect(clientAddress(forged.headers as Record<string, unknown>)).toBe("203.0.113.10");
    const plain = request(undefined);
    trustForwardedFor(plain);
    expect(clientAddress(plain.headers as Record<string, unknown>)).toBe("203.0.113.10");
  });

  it("behind one trusted proxy, is what that proxy appended, not what the client forged before it", async () => {
    const restore = configure({ KASA_TRUSTED_PROXY_HOPS: "1" });
    onTestFinished(restore);
    const viaProxy = request("1.2.3.4, 198.51.100.20", "10.0.0.5");
    trustForwardedFor(viaProxy);
    expect(clientAddress(viaProxy.headers as Record<string, unknown>)).toBe("198.51.100.20");
  });
});
