import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";

describe("worker process", () => {
  it("boots against the database, reports ready, and exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/workers/main.ts"], { env: process.env });
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
