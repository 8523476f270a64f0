import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { db } from "../db/client";
import { hashKey } from "../modules/keys/key-material";
import { passwordMatches } from "../modules/users/password";
import { uniqueEmail } from "../../test/factories";
import { rowCounts } from "../../test/row-counts";
import { COMMANDS } from "./commands";
import { startSession } from "../modules/users/sessions/start-session";
import { resolveSession } from "../modules/users/sessions/resolve-session";
import { childEnv } from "../config/config";

function admin(...args: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "server/cli/main.ts", ...args], {
    env: childEnv(),
    encoding: "utf8",
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The same, without blocking: bad-argument cases run a few at a time. */
function adminAsync(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/main.ts", ...args], { env: childEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function adminJson(...args: string[]) {
  const run = admin(...args, "--json");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  // Exactly one JSON object and nothing else on stdout.
  expect(run.stdout.trim().split("\n")).toHaveLength(1);
  return JSON.parse(run.stdout);
}

describe("operator CLI", () => {
  it("account create prints the account and both full keys, which work as stored", async () => {
    const email = uniqueEmail("ops");
    const out = adminJson(
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
    const { account } = adminJson("account", "create", "--email", uniqueEmail());
    const key = adminJson(
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

    expect(adminJson("key", "revoke", "--id", key.id)).toMatchObject({ id: key.id, revoked_at: expect.any(String) });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();

    expect(
      adminJson("balance", "credit", "--account", account.id, "--amount", "10.50", "--reason", "Goodwill"),
    ).toMatchObject({ amount: 10.5, balance: 10.5 });
    expect(await db().ledgerEntry.findMany({ where: { accountId: account.id } })).toEqual([
      expect.objectContaining({ amountMicros: 10_500_000n, reason: "Goodwill" }),
    ]);
    expect(
      await db().auditEvent.findFirst({ where: { accountId: account.id, action: "balance.credit" } }),
    ).toMatchObject({ reason: "Goodwill", data: { amount: "10.50" } });

    expect(adminJson("account", "suspend", "--account", account.id)).toEqual({
      account: { id: account.id, status: "suspended" },
    });
    expect(adminJson("account", "activate", "--account", account.id)).toEqual({
      account: { id: account.id, status: "active" },
    });
  });

  it("staff create makes a staff user who can sign in with that password", async () => {
    const email = uniqueEmail("staff");
    const out = adminJson("staff", "create", "--email", email, "--password", "support-desk-77");
    expect(out.user).toMatchObject({ email, isStaff: true });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await passwordMatches(user.passwordHash!, "support-desk-77")).toBe(true);

    // Taking the rights away ends every session at once.
    const session = await startSession({ userId: user.id });
    expect(adminJson("staff", "remove", "--email", email).user).toMatchObject({ email, endedSessions: 1 });
    expect(await resolveSession(session)).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { email } })).isStaff).toBe(false);
    expect(admin("staff", "remove", "--email", email).code).not.toBe(0);
  });

  it("domain add verifies by support override and prints the DNS records; a taken domain is exit 2", async () => {
    const { account } = adminJson("account", "create", "--email", uniqueEmail());
    const name = `${account.id.slice(5, 12).toLowerCase()}.example.com`;
    const out = adminJson("domain", "add", "--account", account.id, "--domain", name, "--verified");
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
    const again = admin("domain", "add", "--account", account.id, "--domain", name, "--json");
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe(`kasa admin domain add: ${name} is already on this account`);
  });

  it("answers every bad argument with one line on stderr, exit 2, and no change", async () => {
    const { account } = adminJson("account", "create", "--email", uniqueEmail());
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
    const runs: Awaited<ReturnType<typeof adminAsync>>[] = [];
    for (let i = 0; i < bad.length; i += 4)
      runs.push(...(await Promise.all(bad.slice(i, i + 4).map((args) => adminAsync(...args, "--json")))));
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
    // Nineteen CLI processes, each starting Node and tsx: on a busy 2-core machine that takes its time.
  }, 120_000);
});
