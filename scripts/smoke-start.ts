// What ships is what is tested: after `npm run build` (into .next, as the
// README tells a customer), start `npm start` from that build on a fresh data
// dir, as a customer would, and check it answers: health, the sign-in page,
// the OpenAPI document and one authenticated /api/v1 call. Then stop it with
// SIGTERM and expect a clean exit. The same for `npm run start:next`, which
// must answer the same. Part of `npm test` (test:e2e), before the browser
// suite runs against the same build.
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/free-port";
import { waitUntil } from "../test/wait-until";

// Side by side: each on its own data dir and ports; most of a smoke is waiting for a server to boot. Both finish
// (each stops its own server) before a failure of either is reported.
const results = await Promise.allSettled(["start", "start:next"].map(smoke));
const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
for (const failure of failures) console.error(failure.reason);
// A keep-alive connection to a server that outlived a failure must not hold this script open.
process.exit(failures.length ? 1 : 0);

async function smoke(script: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "kasa-smoke-"));
  const [port, pgPort, submissionPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  // A customer's shell: none of the suite's own database, build folder or NODE_ENV (npm start sets production).
  const { DATABASE_URL: _db, KASA_DIST_DIR: _dist, NODE_ENV: _mode, ...inherited } = process.env;
  const env = {
    ...(inherited as NodeJS.ProcessEnv),
    PORT: String(port),
    HOST: "127.0.0.1",
    KASA_DATA_DIR: dataDir,
    KASA_PG_PORT: String(pgPort),
    KASA_SUBMISSION_PORT: String(submissionPort),
    KASA_PUBLIC_URL: base,
  };
  const get = (path: string, headers: Record<string, string> = {}) => getOnFreshConnection(`${base}${path}`, headers);

  let output = "";
  // Its own process group, so that whatever is left after a failure can be stopped as one.
  const server = spawn("npm", ["run", script], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, signal);
    } catch {
      /* the group is gone */
    }
  };

  try {
    await waitUntil(
      async () => (await get("/api/health").catch(() => null))?.status === 200,
      `${script}: GET /api/health`,
      {
        timeoutMs: 120_000,
        intervalMs: 200,
      },
    );
    expect((await (await get("/api/health")).json()).data.status === "ok", "health answers ok");

    const signIn = await get("/signin");
    expect(signIn.status === 200, `the sign-in page answers 200 (got ${signIn.status})`);
    expect(/<form[\s>]/.test(await signIn.text()), "the sign-in page renders its form");

    const openapi = await get("/api/v1/openapi.json");
    expect(openapi.status === 200, `the OpenAPI document answers 200 (got ${openapi.status})`);
    expect((await openapi.json()).openapi === "3.1.0", "the OpenAPI document is OpenAPI 3.1.0");

    const key = createAccountKey(env);
    const balance = await get("/api/v1/balance", { authorization: `Bearer ${key}` });
    const balanceBody = await balance.json();
    expect(balance.status === 200 && balanceBody.success === true, `GET /api/v1/balance with a key answers 200`);
    expect(balance.headers.get("x-request-id")?.startsWith("req_") === true, "the answer carries X-Request-Id");
    const refused = await get("/api/v1/balance", { authorization: "Bearer kasa_test_not_a_key" });
    expect((await refused.json()).error?.code === "UNAUTHORIZED", "an unknown key is refused UNAUTHORIZED");
    const unknown = await get("/api/v1/no-such-endpoint");
    expect((await unknown.json()).error?.code === "NOT_FOUND", "an unknown /api/v1 path is NOT_FOUND in the envelope");

    // SIGTERM to npm alone, as a supervisor signals the process it started: it must reach the server through npm.
    server.kill("SIGTERM");
    const code = await withTimeout(exited, 20_000, `${script} to stop after SIGTERM`);
    // `next start` ends with 128 + SIGTERM's 15, as Next chooses; Kasa's own server with 0.
    const clean = script === "start:next" ? [0, 143] : [0];
    expect(clean.includes(code ?? -1), `npm run ${script} exits ${clean.join(" or ")} after SIGTERM (got ${code})`);
    expect((await get("/api/health").catch(() => null)) === null, "nothing answers on the port after it stopped");
    console.log(
      `smoke: npm run ${script} served health, /signin, openapi.json and /api/v1 from the build, and stopped`,
    );
  } catch (error) {
    process.stderr.write(`${output}\nsmoke (npm run ${script}): ${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    stopGroup("SIGTERM");
    await withTimeout(exited, 20_000, `${script} to exit`).catch(() => undefined);
    stopGroup("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.exitCode) process.exit();
}

/**
 * A GET on a connection of its own. fetch keeps sockets alive between calls, and when a step between two calls
 * takes longer than the server's keep-alive timeout (making an account through `npm run admin` on a busy machine),
 * the next call can go out on a socket the server is just closing: "fetch failed", for no fault of the server.
 */
function getOnFreshConnection(url: string, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: 30_000 }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
            answerHeaders.append(name, one);
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers: answerHeaders }));
      });
      answer.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer within 30 s`)));
    request.on("error", reject);
  });
}

/** An account made the operator's way (`npm run admin`), on the database the server started. */
function createAccountKey(env: NodeJS.ProcessEnv): string {
  const made = spawnSync(
    "npm",
    ["run", "-s", "admin", "--", "account", "create", "--email", "smoke@kasa.test", "--json"],
    {
      env,
      encoding: "utf8",
    },
  );
  expect(made.status === 0, `npm run admin -- account create exits 0 (${made.stderr.trim()})`);
  return JSON.parse(made.stdout).keys.test as string;
}

function expect(holds: boolean, what: string): void {
  if (!holds) throw new Error(`expected: ${what}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))),
  ]);
}
