import { describe, expect, it } from "vitest";
import { generateKey, hashKey, KEY_PATTERN } from "./key-material";

describe("API key material", () => {
  it("carries its mode in the prefix and 32 random base62 characters", () => {
    const live = generateKey("live");
    const test = generateKey("test");
    expect(live.key).toMatch(KEY_PATTERN);
    expect(live.key.startsWith("kasa_live_")).toBe(true);
    expect(test.key.startsWith("kasa_test_")).toBe(true);
    expect(live.key).not.toBe(generateKey("live").key);
  });
  it("stores a SHA-256 and shows a prefix too short to use", () => {
    const { key, hash, prefix } = generateKey("live");
    expect(hash).toBe(hashKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(prefix).toBe(key.slice(0, "kasa_live_".length + 6));
  });
});
