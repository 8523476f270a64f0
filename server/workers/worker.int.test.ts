import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { childEnv } from "../config/config";

describe("worker process", () => {
  it("boots against the database, reports ready, and exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/workers/main.ts"], {
      env: childEnv({ KASA_LOG_LEVEL: "info" }),
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${output}`)), 20_000);
      child.stdout.on("data", () => output.includes("worker: ready") && (clearTimeout(timer), resolve()));
    });
    const exit = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(output, output).toContain("worker: stopped");
  });
});

describe("a process that cannot start its embedded PostgreSQL", () => {
  it("says why in one line and exits 1 instead of hanging", async () => {
    const { createServer } = await import("node:net");
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), "kasa-worker-"));
    const env = childEnv({ KASA_DATA_DIR: dataDir, KASA_PG_PORT: String(port) });
    delete env.DATABASE_URL;
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/workers/main.ts"], { env });
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code).toBe(1);
      expect(stderr).toBe(
        `worker: Embedded PostgreSQL did not start on port ${port}: the port is already taken (set KASA_PG_PORT to a free port)\n`,
      );
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
