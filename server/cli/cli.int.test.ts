import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { adminRun, type AdminRun } from "../../test/run-admin";
import { db } from "../db/client";
import { hashKey } from "../modules/keys/key-material";
import { passwordMatches } from "../modules/users/password";
import { uniqueEmail } from "../../test/factories";
import { rowCounts } from "../../test/row-counts";
import { COMMANDS } from "./commands";
import { startSession } from "../modules/users/sessions/start-session";
import { resolveSession } from "../modules/users/sessions/resolve-session";
import { childEnv } from "../config/config";

/** Runs in-process (test/run-admin.ts); the process itself is tested once, at the end. */
const admin = adminRun;

/** A real `npm run admin` process: Node, tsx, the exit code and the two streams. */
function adminProcess(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/main.ts", ...args], { env: childEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function adminJson(...args: string[]) {
  const run = await admin(...args, "--json");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  // Exactly one JSON object and nothing else on stdout.
  expect(run.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(run.stdout);
}

describe("operator CLI", () => {
  it("account create prints the account and both full keys, which work as stored", async () => {
    const email = uniqueEmail("ops");
    const out = await adminJson(
      "account",
      "create",
      "--email",
      email,
      "--name",
      "Ops Ltd",
      "--plan",
      "pro",
      "--balance",
      "25.00",
    );
    expect(out).toEqual({
      account: {
        id: expect.stringMatching(/^acct_/),
        name: "Ops Ltd",
        plan: "pro",
        status: "active",
        currency: "USD",
        balance: 25,
        owner: email,
      },
      keys: { test: expect.stringMatching(/^kasa_test_/), live: expect.stringMatching(/^kasa_live_/) },
    });
    const keys = await db().apiKey.findMany({ where: { accountId: out.account.id } });
    expect(keys.map((k) => k.hash).sort()).toEqual([hashKey(out.keys.test), hashKey(out.keys.live)].sort());
    const ledger = await db().ledgerEntry.findMany({ where: { accountId: out.account.id } });
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: "credit",
        amountMicros: 25_000_000n,
        balanceAfterMicros: 25_000_000n,
        actor: "cli",
      }),
    ]);
  });

  it("key create, key revoke, balance credit, suspend and activate do what they say", async () => {
    const { account } = await adminJson("account", "create", "--email", uniqueEmail());
    const key = await adminJson(
      "key",
      "create",
      "--account",
      account.id,
      "--mode",
      "live",
      "--scopes",
      "sms:send,account:read",
    );
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^kasa_live_/),
      mode: "live",
      prefix: key.key.slice(0, 16),
      scopes: ["sms:send", "account:read"],
    });

    expect(await adminJson("key", "revoke", "--id", key.id)).toMatchObject({
      id: key.id,
      revoked_at: expect.any(String),
    });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();

    expect(
      await adminJson("balance", "credit", "--account", account.id, "--amount", "10.50", "--reason", "Goodwill"),
    ).toMatchObject({ amount: 10.5, balance: 10.5 });
    expect(await db().ledgerEntry.findMany({ where: { accountId: account.id } })).toEqual([
      expect.objectContaining({ amountMicros: 10_500_000n, reason: "Goodwill" }),
    ]);
    expect(
      await db().auditEvent.findFirst({ where: { accountId: account.id, action: "balance.credit" } }),
    ).toMatchObject({ reason: "Goodwill", data: { amount: "10.50" } });

    expect(await adminJson("account", "suspend", "--account", account.id)).toEqual({
      account: { id: account.id, status: "suspended" },
    });
    expect(await adminJson("account", "activate", "--account", account.id)).toEqual({
      account: { id: account.id, status: "active" },
    });
  });

  it("staff create makes a staff user who can sign in with that password", async () => {
    const email = uniqueEmail("staff");
    const out = await adminJson("staff", "create", "--email", email, "--password", "support-desk-77");
    expect(out.user).toMatchObject({ email, isStaff: true });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await passwordMatches(user.passwordHash!, "support-desk-77")).toBe(true);

    // Taking the rights away ends every session at once.
    const session = await startSession({ userId: user.id });
    expect((await adminJson("staff", "remove", "--email", email)).user).toMatchObject({ email, endedSessions: 1 });
    expect(await resolveSession(session)).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { email } })).isStaff).toBe(false);
    expect((await admin("staff", "remove", "--email", email)).code).not.toBe(0);
  });

  it("domain add verifies by support override and prints the DNS records; a taken domain is exit 2", async () => {
    const { account } = await adminJson("account", "create", "--email", uniqueEmail());
    const name = `${account.id.slice(5, 12).toLowerCase()}.example.com`;
    const out = await adminJson("domain", "add", "--account", account.id, "--domain", name, "--verified");
    expect(out.domain).toMatchObject({
      name,
      status: "verified",
      primary: true,
      dns_records: expect.arrayContaining([expect.objectContaining({ purpose: "dkim", type: "TXT" })]),
    });
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { accountId: account.id, action: "domain.add_verified_override" },
    });
    expect(audit).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      target: out.domain.id,
      data: { domain: name },
    });
    const again = await admin("domain", "add", "--account", account.id, "--domain", name, "--json");
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe(`kasa admin domain add: ${name} is already on this account`);
  });

  it("answers every bad argument with one line on stderr, exit 2, and no change", async () => {
    const { account } = await adminJson("account", "create", "--email", uniqueEmail());
    const before = await rowCounts();
    const bad: string[][] = [
      ["account", "create"],
      ["account", "create", "--email", "not-an-email"],
      ["account", "create", "--email", uniqueEmail(), "--plan", "platinum"],
      ["account", "create", "--email", uniqueEmail(), "--balance", "-5"],
      ["account", "suspend", "--account", "acct_doesnotexist"],
      ["key", "create", "--account", account.id, "--mode", "prod"],
      ["key", "create", "--account", account.id, "--mode", "live", "--scopes", "sms:send,root"],
      ["key", "create", "--account", "acct_doesnotexist", "--mode", "live"],
      ["key", "revoke", "--id", "key_doesnotexist"],
      ["balance", "credit", "--account", account.id, "--amount", "0", "--reason", "x"],
      ["balance", "credit", "--account", account.id, "--amount", "ten", "--reason", "x"],
      ["balance", "credit", "--account", account.id, "--amount", "10"],
      ["balance", "credit", "--account", "acct_doesnotexist", "--amount", "10", "--reason", "x"],
      ["staff", "create", "--email", uniqueEmail(), "--password", "weak"],
      ["account", "create", "--email", uniqueEmail(), "--colour", "blue"],
      ["account", "explode"],
      ["domain", "add", "--account", account.id, "--domain", "not a domain"],
      ["domain", "add", "--account", "acct_doesnotexist", "--domain", "fine.example.com"],
      [],
    ];
    const runs: AdminRun[] = [];
    for (const args of bad) runs.push(await admin(...args, "--json"));
    for (const [i, args] of bad.entries()) {
      const run = runs[i]!;
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout, args.join(" ")).toBe("");
      expect(run.stderr.trim().split("\n").length, `${args.join(" ")}: ${run.stderr}`).toBeLessThanOrEqual(
        args.length ? 1 : COMMANDS.length + 1,
      ); // no command at all: the usage, one line per command
    }
    expect(await rowCounts()).toEqual(before);
    expect((await db().account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros).toBe(0n);
  });

  it("as a process: exit 0 with one JSON line on stdout, exit 2 with one line on stderr and nothing on stdout", async () => {
    const email = uniqueEmail();
    const [done, refused] = await Promise.all([
      adminProcess("account", "create", "--email", email, "--json"),
      adminProcess("balance", "credit", "--account", "acct_doesnotexist", "--amount", "10", "--reason", "x", "--json"),
    ]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(done.stdout).account.id).toEqual(
      (await db().membership.findFirstOrThrow({ where: { user: { email } } })).accountId,
    );
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    // Two processes, each starting Node and tsx: on a busy 2-core machine that takes its time.
  }, 60_000);
});
