// Lighthouse on every page (docs/decisions.md, "Accessibility and pages"): a production build, audited desktop
// and mobile in Debian's Chromium, signed out for the public pages, as the
// bench account's owner for the dashboard, and as staff (password and an
// authenticator code) for the console. Lighthouse drives the same browser the
// sign-in happened in, over its debugging port, so it sees the session.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "@playwright/test";
import lighthouse, { desktopConfig } from "lighthouse";
import { TOTP, Secret } from "otpauth";
import { db } from "../../server/db/client";
import { hashPassword } from "../../server/modules/users/password";
import { seal } from "../../server/lib/seal";
import { newId } from "../../server/lib/ids";
import { freePort } from "../../test/free-port";
import { DASHBOARD_PAGES as DASHBOARD, PUBLIC_PAGES as PUBLIC } from "../../e2e/pages";
import { KASA_SERVER_ARGS, serverEnv, withServer, type BenchAccount } from "./harness";

const PASSWORD = "lighthouse-bench-password";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Scores = Record<(typeof CATEGORIES)[number], number>;
type Row = { page: string; desktop: Scores; mobile: Scores; failing: string[] };

export async function benchLighthouse(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const staff = await prepareStaff();
  await db().user.update({
    where: { email: "bench@example.com" },
    data: { passwordHash: await hashPassword(PASSWORD) },
  });
  const rows: Row[] = [];
  await withServer("kasa", KASA_SERVER_ARGS, serverEnv(databaseUrl), async (url) => {
    await fetch(`${url}/api/v1/sms/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${fixture.testKey}`, "content-type": "application/json" },
      body: JSON.stringify({ to: "+233241234567", message: "Lighthouse" }),
    });
    await withBrowser(async (context, port) => {
      for (const path of PUBLIC) keep(rows, await audit(port, url, path));
      await signIn(context, url, "bench@example.com");
      for (const path of DASHBOARD) keep(rows, await audit(port, url, `/accounts/${fixture.accountId}${path}`));
      await context.clearCookies();
      await signIn(context, url, staff.email, staff.code);
      for (const path of ["/admin", "/admin/operations", `/admin/accounts/${fixture.accountId}`])
        keep(rows, await audit(port, url, path));
    });
  });
  // A partial recheck prints its rows (above) and leaves docs/benchmarks.md as the last full run wrote it.
  return ONLY ? "" : report(rows);
}

async function prepareStaff() {
  const secret = new Secret();
  const email = "lighthouse-staff@example.com";
  await db().user.create({
    data: {
      id: newId("usr"),
      email,
      isStaff: true,
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword(PASSWORD),
      totpSecret: seal(secret.base32),
      totpEnabledAt: new Date(),
    },
  });
  const code = () => new TOTP({ secret, digits: 6, period: 30 }).generate();
  return { email, code };
}

async function withBrowser(fn: (context: BrowserContext, port: number) => Promise<void>) {
  const profile = mkdtempSync(join(tmpdir(), "kasa-lighthouse-"));
  const port = await freePort();
  // One persistent profile: the pages Lighthouse opens share the signed-in cookies.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [`--remote-debugging-port=${port}`, "--no-sandbox", "--disable-gpu"],
  });
  try {
    await fn(context, port);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function signIn(context: BrowserContext, url: string, email: string, code?: () => string) {
  const page = await context.newPage();
  await page.goto(`${url}/signin?callbackUrl=${encodeURIComponent("/dashboard")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (code) {
    await page.getByLabel("Code from your authenticator app").fill(code());
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await page.close();
}

// robots.txt keeps private pages (the dashboard, the console) out of search engines on purpose; Lighthouse's SEO
// score counts that as its heaviest failure, so for those pages it is scored without that one audit (and says so).
const PRIVATE = /^\/(accounts|admin|dashboard)/;

// LIGHTHOUSE_ONLY=usage,billing audits only the pages whose path holds one of those words (a quick recheck; the
// Overview is "overview");
// the report then holds only those rows.
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(",").filter(Boolean);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

async function audit(port: number, url: string, path: string): Promise<Row | undefined> {
  // The Overview's path is the account's alone: "overview" names it.
  const named = /^\/accounts\/[^/]+$/.test(path) ? `${path}/overview` : path;
  if (ONLY && !ONLY.some((word) => named.includes(word))) return undefined;
  const scores = async (config?: typeof desktopConfig) => {
    const result = await lighthouse(
      `${url}${path}`,
      { port, logLevel: "error", output: "json", onlyCategories: [...CATEGORIES] },
      config,
    );
    const lhr = result!.lhr;
    // LIGHTHOUSE_SAVE=<dir> keeps each report's JSON, to read what a score is short of (bootup time, LCP phases).
    if (process.env.LIGHTHOUSE_SAVE)
      writeFileSync(
        join(process.env.LIGHTHOUSE_SAVE, `${named.replace(/\W+/g, "_")}-${config ? "desktop" : "mobile"}.json`),
        JSON.stringify(lhr),
      );
    const failing: string[] = [];
    const score = (category: (typeof CATEGORIES)[number]) => {
      let weighted = 0;
      let total = 0;
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        if (!ref.weight) continue;
        if (category === "seo" && ref.id === "is-crawlable" && PRIVATE.test(path)) continue;
        const value = lhr.audits[ref.id]?.score;
        if (value === null || value === undefined) continue;
        if (value < 1) failing.push(ref.id);
        weighted += ref.weight * value;
        total += ref.weight;
      }
      return total ? Math.round((weighted / total) * 100) : 100;
    };
    const result_ = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Scores;
    // A partial recheck says why performance is short: the metrics Lighthouse weighs, as it displays them.
    if (ONLY && config !== desktopConfig)
      console.log(
        `bench: lighthouse ${path} mobile: ${METRICS.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? "?"}`).join(", ")}`,
      );
    // The largest contentful paint's element (a partial recheck's clue to a slow one).
    const lcp = lhr.audits["largest-contentful-paint-element"]?.details as {
      items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[];
    };
    const node = lcp?.items?.[0]?.items?.[0]?.node;
    if (ONLY && config !== desktopConfig && node)
      console.log(
        `bench: lighthouse ${path} largest paint: ${node.selector ?? ""} ${node.snippet?.slice(0, 160) ?? ""}`,
      );
    // What the browser logged, where best practices say it did (a partial recheck's clue).
    const logged = lhr.audits["errors-in-console"]?.details as { items?: { description?: string; url?: string }[] };
    if (ONLY && logged?.items?.length)
      for (const item of logged.items)
        console.log(`bench: lighthouse ${path} console: ${item.description} ${item.url ?? ""}`);
    return { scores: result_, failing };
  };
  const desktop = await scores(desktopConfig);
  // LIGHTHOUSE_RUNS=3: mobile audited that many times and the run of median performance kept (Lighthouse's own
  // advice for a noisy machine: on this one a page's score moves by 10 points from run to run).
  const runs: Awaited<ReturnType<typeof scores>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await scores());
  const inOrder = runs.map((r) => r.scores.performance).join(", ");
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  const mobile = runs[Math.floor(runs.length / 2)]!;
  if (runs.length > 1) console.log(`bench: lighthouse ${path} mobile performance, run by run: ${inOrder}`);
  const row = {
    page: path.replace(/acct_[0-9A-Za-z]+/, "{account}"),
    desktop: desktop.scores,
    mobile: mobile.scores,
    failing: [...new Set([...desktop.failing, ...mobile.failing])],
  };
  console.log(
    `bench: lighthouse ${row.page}: desktop ${Object.values(row.desktop).join("/")}, mobile ${Object.values(row.mobile).join("/")}; short of full marks: ${row.failing.join(", ") || "none"}`,
  );
  return row;
}

function keep(rows: Row[], row: Row | undefined) {
  if (row) rows.push(row);
}

function report(rows: Row[]): string {
  const cell = (s: Scores) => CATEGORIES.map((c) => s[c]).join(" / ");
  const low = rows.filter((r) => CATEGORIES.some((c) => r.desktop[c] < 95 || r.mobile[c] < 95));
  return [
    "## Lighthouse, every page",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- lighthouse\` (scripts/bench/lighthouse.ts): Lighthouse's`,
    "own desktop and (default, throttled) mobile configurations on a production build, in Debian's Chromium on this",
    "2-core machine; public pages signed out, the dashboard as an owner with data, the console as staff.",
    "Scores are performance / accessibility / best practices / SEO.",
    "",
    "SEO of private pages leaves out `is-crawlable`: robots.txt keeps them out of search engines on purpose.",
    "",
    "| page | desktop | mobile | audits short of full marks |",
    "|---|---|---|---|",
    ...rows.map(
      (r) => `| \`${r.page}\` | ${cell(r.desktop)} | ${cell(r.mobile)} | ${r.failing.join(", ") || "none"} |`,
    ),
    "",
    low.length
      ? `Below 95 somewhere: ${low.map((r) => `\`${r.page}\``).join(", ")}.`
      : "Every page scores at least 95 in every category, desktop and mobile.",
  ].join("\n");
}
