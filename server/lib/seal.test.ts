import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { seal, unseal } from "./seal";

describe("sealed secrets", () => {
  const key = randomBytes(32);
  it("round-trip, differ each time, and fail with another key or a changed byte", () => {
    const a = seal("-----BEGIN PRIVATE KEY-----\nabc", key);
    const b = seal("-----BEGIN PRIVATE KEY-----\nabc", key);
    expect(a.startsWith("enc:v1:")).toBe(true);
    expect(a).not.toBe(b);
    expect(unseal(a, key)).toBe("-----BEGIN PRIVATE KEY-----\nabc");
    expect(() => unseal(a, randomBytes(32))).toThrow();
    const raw = Buffer.from(a.slice(7), "base64");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => unseal(`enc:v1:${raw.toString("base64")}`, key)).toThrow();
  });
  it("read values written before sealing as they are", () => {
    expect(unseal("-----BEGIN PRIVATE KEY-----", key)).toBe("-----BEGIN PRIVATE KEY-----");
  });
});
