// A bad setting stops each process at start, before it connects or listens,
// with one line naming the variable, what it got and the form it wants.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { childEnv } from "./config";

function start(entry: string, settings: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
      // No database given: a process that went on past its configuration would start an embedded one (and hang).
      env: childEnv({ ...settings, DATABASE_URL: "", KASA_DATA_DIR: "/nonexistent/kasa-bad-setting" }),
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("a bad setting", () => {
  it("stops the web process, the worker and the CLI at once, naming it, and never prints a secret", async () => {
    const [web, carriers, key, worker, cli] = await Promise.all([
      start("server/web.ts", { KASA_MAX_IN_FLIGHT: "abc" }),
      start("server/web.ts", { SMS_CARRIERS: "mtn=smpp://kasa:s3cret-pw@" }),
      start("server/web.ts", { KASA_SECRETS_KEY: "dG9vIHNob3J0" }),
      start("server/workers/main.ts", { WEBHOOK_CONCURRENCY: "lots" }),
      start("server/cli/main.ts", { KASA_PUBLIC_URL: "kasa.example.com" }, ["account", "status"]),
    ]);
    expect(web).toEqual({
      code: 1,
      stderr: 'kasa: configuration: KASA_MAX_IN_FLIGHT="abc" is not valid: expected a whole number, at least 1\n',
    });
    expect(carriers.code).toBe(1);
    expect(carriers.stderr).toMatch(/^kasa: configuration: SMS_CARRIERS=\(hidden, \d+ characters\) is not valid: /);
    expect(carriers.stderr).not.toContain("s3cret-pw");
    expect(key.code).toBe(1);
    expect(key.stderr).toBe(
      "kasa: configuration: KASA_SECRETS_KEY=(hidden, 12 characters) is not valid: expected 32 bytes in base64 (openssl rand -base64 32)\n",
    );
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain('WEBHOOK_CONCURRENCY="lots" is not valid');
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(
      'KASA_PUBLIC_URL="kasa.example.com" is not valid: expected a URL starting http:// or https://',
    );
  }, 60_000);
});
