// A whole Kasa on this machine for fault tests and the faults bench: its own
// embedded PostgreSQL (that the rig can stop, start or pause), a local SMSC,
// the production web server (`server/web.ts`, the lean front) and a worker as
// child processes, an account with a live key, and a load generator that
// behaves like a careful SPEC client (one idempotency key per message, retries
// of 409/503 with the same key). Everything is checked against the database
// and the SMSC afterwards: sends per message, the ledger, held money.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../server/db/embedded";
import { migrate } from "../server/db/migrate";
import { freePort } from "./free-port";
import { TestSmsc } from "./smpp-server";

// 32 bytes of zeros, base64: an obvious test value, the same for the CLI, the server and the worker.
const SECRETS_KEY = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export type Answer = {
  key: string;
  status: number;
  code?: string;
  /** error.reason (why a 503 refused it: saturated, account_share, deadline...) */
  reason?: string;
  retryAfter: string | null;
  ms: number;
  transactionId?: string;
  at: number;
};

export type RigOptions = {
  /** The Next build to serve pages from (default: the one `npm run build` made, .next). */
  distDir?: string;
  carrierDelayMs?: number;
  recoveryAfterS?: number;
  /** Submits the carrier's bind keeps in flight at once (SMPP's window; 10 unless said). */
  smsWindow?: number;
  /** More settings for the web process and the worker (KASA_MAX_IN_FLIGHT, ...). */
  env?: Record<string, string>;
};

export class FaultRig {
  readonly dataDir = mkdtempSync(join(tmpdir(), "kasa-faults-"));
  readonly smsc = new TestSmsc("kasa", "secret");
  database!: EmbeddedDatabase;
  pgPort = 0;
  webPort = 0;
  liveKey = "";
  accountId = "";
  web?: ChildProcess;
  worker?: ChildProcess;
  private client?: pg.Pool;
  private output: string[] = [];

  constructor(private readonly options: RigOptions) {}

  async start(): Promise<this> {
    this.pgPort = await freePort();
    this.database = await startEmbeddedPostgres({ dataDir: this.dataDir, port: this.pgPort });
    await migrate(this.database.url);
    await this.smsc.start();
    this.smsc.submitDelayMs = this.options.carrierDelayMs ?? 0;
    const created = this.cli(
      "account",
      "create",
      "--email",
      `faults-${Date.now()}@example.com`,
      "--plan",
      "enterprise",
    );
    this.accountId = created.account.id;
    this.liveKey = created.keys.live;
    this.cli("balance", "credit", "--account", this.accountId, "--amount", "1000.00", "--reason", "fault rig");
    await this.startWeb();
    await this.startWorker();
    return this;
  }

  private env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      DATABASE_URL: this.database.url,
      NODE_ENV: "production",
      ...(this.options.distDir ? { KASA_DIST_DIR: this.options.distDir } : {}),
      NEXTAUTH_SECRET: "fault-rig-only-secret",
      KASA_SECRETS_KEY: SECRETS_KEY,
      SMS_CARRIERS: `smsc=${this.smsc.url(`?timeout_s=5&bind_wait_ms=200&window=${this.options.smsWindow ?? 10}`)}`,
      KASA_WORKER: "off",
      KASA_LOG_LEVEL: "warn",
      KASA_SEND_RECOVERY_AFTER_S: String(this.options.recoveryAfterS ?? 10),
      ...this.options.env,
      ...extra,
    };
  }

  /** A second customer, with its own live key. */
  anotherAccount(): { accountId: string; liveKey: string } {
    const created = this.cli("account", "create", "--email", `other-${Date.now()}@example.com`, "--plan", "enterprise");
    this.cli("balance", "credit", "--account", created.account.id, "--amount", "100.00", "--reason", "fault rig");
    return { accountId: created.account.id, liveKey: created.keys.live };
  }

  /** The operator CLI against the rig's database; its --json answer. */
  cli(...args: string[]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/cli/main.ts", ...args, "--json"], {
      env: { ...process.env, DATABASE_URL: this.database.url, KASA_SECRETS_KEY: SECRETS_KEY },
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`admin ${args.join(" ")}: ${run.stderr}`);
    return JSON.parse(run.stdout);
  }

  async startWeb(): Promise<void> {
    this.webPort ||= await freePort();
    // Several rigs may run at once: none takes the SMTP submission port.
    this.web = this.spawn(["server/web.ts"], {
      PORT: String(this.webPort),
      HOST: "127.0.0.1",
      KASA_SUBMISSION_PORT: "off",
    });
    await until(async () => (await fetch(`${this.url}/api/health`).catch(() => null))?.ok === true, 60_000, "web");
    // The carrier binds at start-up; traffic waits for it as an operator's load balancer would (readiness).
    await until(async () => this.smsc.binds > 0, 10_000, "the SMPP bind");
  }

  async startWorker(): Promise<void> {
    this.worker = this.spawn(["server/workers/main.ts"], { KASA_LOG_LEVEL: "info" });
    await until(async () => this.output.join("").includes("worker: ready"), 30_000, "worker");
  }

  private spawn(args: string[], env: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: this.env(env) });
    child.stdout!.on("data", (d) => this.output.push(String(d)));
    child.stderr!.on("data", (d) => this.output.push(String(d)));
    return child;
  }

  get url(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  logs(): string {
    return this.output.join("");
  }

  /** The server's log lines for errors it answered 500 (each has its stack). */
  unhandledErrors(): string[] {
    return this.logs()
      .split("\n")
      .filter((line) => line.includes('"unhandled error"'));
  }

  /** SIGKILL, as a crash: no request finishes, nothing is flushed. */
  async killWeb(): Promise<void> {
    const web = this.web!;
    const exited = new Promise((resolve) => web.once("exit", resolve));
    web.kill("SIGKILL");
    await exited;
  }

  async stopDatabase(): Promise<void> {
    await this.client?.end();
    this.client = undefined;
    await this.database.stop();
  }

  async startDatabase(): Promise<void> {
    this.database = await startEmbeddedPostgres({ dataDir: this.dataDir, port: this.pgPort });
  }

  /** Every process of the server (postmaster and backends) stopped with SIGSTOP: a stalled, not a dead, database. */
  pauseDatabase(signal: "SIGSTOP" | "SIGCONT"): void {
    const postmaster = Number(readFileSync(join(this.dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    const children = spawnSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map(Number);
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  }

  /** One live send with its own idempotency key; the body names the key, so the SMSC's log can be counted per key. */
  async send(key: string, timeoutMs = 30_000, apiKey = this.liveKey): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(`${this.url}/api/v1/sms/send`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ to: "+233241234567", message: `fault ${key}`, idempotency_key: key }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await res.json().catch(() => ({}))) as {
        data?: { transaction_id?: string };
        error?: { code?: string; transaction_id?: string; reason?: string };
      };
      return {
        key,
        status: res.status,
        code: body.error?.code,
        reason: body.error?.reason,
        retryAfter: res.headers.get("retry-after"),
        ms: Date.now() - started,
        transactionId: body.data?.transaction_id ?? body.error?.transaction_id,
        at: started,
      };
    } catch {
      return { key, status: 0, code: "NO_ANSWER", retryAfter: null, ms: Date.now() - started, at: started };
    }
  }

  /** Sends `perSecond` messages a second for `seconds`, each retried (same key) on 409 and 503 until it is settled. */
  async load(opts: { perSecond: number; seconds: number; prefix: string; during?: (second: number) => Promise<void> }) {
    const answers: Answer[] = [];
    const settled = new Map<string, Answer>();
    const work: Promise<void>[] = [];
    const client = async (key: string) => {
      for (let attempt = 0; attempt < 60; attempt++) {
        const answer = await this.send(key);
        answers.push(answer);
        if (answer.status !== 409 && answer.status !== 503 && answer.status !== 0) {
          settled.set(key, answer);
          return;
        }
        await new Promise((r) => setTimeout(r, Math.max(500, Number(answer.retryAfter ?? 1) * 1000)));
      }
    };
    for (let second = 0; second < opts.seconds; second++) {
      const tick = Date.now();
      for (let i = 0; i < opts.perSecond; i++) work.push(client(`${opts.prefix}-${second}-${i}`));
      await opts.during?.(second);
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
    }
    await Promise.all(work);
    return { answers, settled };
  }

  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    if (!this.client) {
      this.client = new pg.Pool({ connectionString: this.database.url, max: 2 });
      // The rig stops its own database on purpose: an idle connection dying with it is expected.
      this.client.on("error", () => {});
    }
    return (await this.client.query<T>(text, values)).rows;
  }

  /** How many times the SMSC took a message per key (a key's message twice is a double send). */
  submitsPerKey(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const s of this.smsc.submitted) {
      const text = String((s.pdu.short_message as { message?: string })?.message ?? s.pdu.short_message ?? "");
      const key = text.replace(/^fault /, "");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The ledger, checked whole: every reservation settled exactly once (captured or refunded), nothing
   * charged twice, the balance equal to credits minus captures, and no message left pending.
   */
  async ledgerCheck() {
    const [unsettled] = await this.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries r WHERE r.kind = 'reserve'
       AND (SELECT count(*) FROM ledger_entries s WHERE s.transaction_id = r.transaction_id AND s.kind IN ('capture', 'refund')) <> 1`,
    );
    const [sums] = await this.query<{ credits: string; captured: string; balance: string }>(
      `SELECT (SELECT coalesce(sum(amount_micros), 0) FROM ledger_entries WHERE account_id = $1 AND kind = 'credit')::text AS credits,
              (SELECT coalesce(sum(-r.amount_micros), 0) FROM ledger_entries r WHERE r.account_id = $1 AND r.kind = 'reserve'
                 AND EXISTS (SELECT 1 FROM ledger_entries c WHERE c.transaction_id = r.transaction_id AND c.kind = 'capture'))::text AS captured,
              (SELECT balance_micros FROM accounts WHERE id = $1)::text AS balance`,
      [this.accountId],
    );
    const [pending] = await this.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sms_messages WHERE account_id = $1 AND status = 'pending'`,
      [this.accountId],
    );
    return {
      unsettledReservations: unsettled!.n,
      balanceMatches: BigInt(sums!.balance) === BigInt(sums!.credits) - BigInt(sums!.captured),
      pendingMessages: pending!.n,
    };
  }

  async stop(): Promise<void> {
    for (const child of [this.web, this.worker]) child?.kill("SIGTERM");
    await this.client?.end();
    await this.database.stop().catch(() => {});
    await this.smsc.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`fault rig: ${what} not up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
