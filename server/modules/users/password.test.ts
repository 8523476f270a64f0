import { describe, expect, it } from "vitest";
import { hashPassword, passwordMatches, passwordWeakness } from "./password";

describe("passwords", () => {
  it("are hashed with argon2id and verified", async () => {
    const hash = await hashPassword("correct-horse-42");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await passwordMatches(hash, "correct-horse-42")).toBe(true);
    expect(await passwordMatches(hash, "correct-horse-43")).toBe(false);
    expect(await passwordMatches("not a hash", "x")).toBe(false);
  });
  it("must be long and mixed", () => {
    expect(passwordWeakness("short1")).toMatch(/10 characters/);
    expect(passwordWeakness("onlyletterslong")).toMatch(/Mix/);
    expect(passwordWeakness("letters-and-dashes")).toBeUndefined();
    expect(passwordWeakness("correct-horse-42")).toBeUndefined();
  });
});
