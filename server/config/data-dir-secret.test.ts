import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { secretFromDataDir } from "./data-dir-secret";
import { configure } from "./config";

describe("secrets kept in the data dir", () => {
  it("are made once, private to the owner, and the same on every later read", () => {
    const dir = mkdtempSync(join(tmpdir(), "kasa-secret-"));
    const restore = configure({ KASA_DATA_DIR: dir });
    try {
      const first = secretFromDataDir("auth-secret");
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(secretFromDataDir("auth-secret", () => "other")).toBe(first);
      expect(statSync(join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
      expect(secretFromDataDir("secrets-key", () => "made")).toBe("made");
    } finally {
      restore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
