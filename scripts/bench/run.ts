// `npm run bench [-- api|webhooks|smpp|faults|soak|lighthouse|scale|partitions|broadcast|smtp|insights|ussd|whatsapp ...]`: each section is its own file
// here and writes its part of docs/benchmarks.md.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { migrate } from "../../server/db/migrate";
import { disconnectDb } from "../../server/db/client";
import { freePort } from "../../test/free-port";
import { writeSection } from "./report";
import { buildForBench, prepareAccount, type BenchAccount } from "./harness";
import { benchApi } from "./api";
import { benchSmpp } from "./smpp";
import { benchWebhooks, webhookReport } from "./webhooks";
import { benchFaults } from "./faults";
import { benchSoak } from "./soak";
import { benchLighthouse } from "./lighthouse";
import { benchScale, scaleNeedsBuild } from "./scale";
import { benchPartitions } from "./partitions";
import { benchBroadcast } from "./broadcast";
import { benchSmtp } from "./smtp";
import { benchInsights } from "./insights";
import { benchUssd } from "./ussd";
import { benchWhatsapp } from "./whatsapp";
import { config, configure } from "../../server/config/config";

type Section = { build: boolean; run(databaseUrl: string, fixture: BenchAccount): Promise<string> };

const SECTIONS: Record<string, Section> = {
  webhooks: {
    build: false,
    run: async (url, fixture) =>
      webhookReport([
        await benchWebhooks(url, fixture.accountId, 10_000),
        await benchWebhooks(url, fixture.accountId, 50_000),
      ]),
  },
  smpp: { build: true, run: (url, fixture) => benchSmpp(url, fixture.liveKey) },
  api: { build: true, run: benchApi },
  // Starts its own databases, carriers and servers per fault.
  faults: { build: true, run: () => benchFaults() },
  soak: { build: true, run: () => benchSoak() },
  lighthouse: { build: true, run: benchLighthouse },
  // Seeds 10 M request-log lines (BENCH_SCALE scales it); the build only serves its live send (BENCH_SKIP_SEND).
  scale: { build: scaleNeedsBuild, run: benchScale },
  partitions: { build: false, run: benchPartitions },
  // Imports 100,000 contacts, then loads sms/send beside a broadcast to them (BENCH_BROADCAST_CONTACTS scales it).
  broadcast: { build: true, run: benchBroadcast },
  // Messages a second through the SMTP submission service, 20 clients, beside email/send.
  smtp: { build: true, run: benchSmtp },
  // The Insights page and the analytics endpoint on counters of 10 M messages (BENCH_INSIGHTS_MESSAGES scales it).
  insights: { build: false, run: benchInsights },
  // USSD sessions through one SMPP bind, 100 subscribers at once, and Kasa's own time per hop.
  ussd: { build: true, run: benchUssd },
  // WhatsApp sends to a local Graph API and Meta's receipts through Kasa's webhook, at 80/s and at saturation.
  whatsapp: { build: true, run: benchWhatsapp },
};

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SECTIONS);
for (const name of chosen)
  if (!SECTIONS[name])
    throw new Error(`unknown bench section ${name}; choose from ${Object.keys(SECTIONS).join(", ")}`);

async function main() {
  // One throwaway sealing key for the bench process and the servers it starts.
  configure({ KASA_SECRETS_KEY: config().KASA_SECRETS_KEY ?? randomBytes(32).toString("base64") });
  if (chosen.some((name) => SECTIONS[name]!.build)) buildForBench();
  const dir = mkdtempSync(join(tmpdir(), "kasa-bench-"));
  const database = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  try {
    await migrate(database.url);
    configure({ DATABASE_URL: database.url });
    const fixture = await prepareAccount();
    for (const name of chosen) writeSection(name, await SECTIONS[name]!.run(database.url, fixture));
  } finally {
    await disconnectDb();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
