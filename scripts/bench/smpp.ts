// Live sends through one SMPP bind to a local SMSC (its own process), on the lean front.
import { freePort } from "../../test/free-port";
import {
  CONNECTIONS,
  DURATION,
  KASA_SERVER_ARGS,
  WARM_UP_SECONDS,
  load,
  serverEnv,
  start,
  withServer,
  type Row,
} from "./harness";

export async function benchSmpp(databaseUrl: string, liveKey: string): Promise<string> {
  const smscPort = await freePort();
  const smsc = await start(
    "smsc",
    ["--import", "tsx", "test/fixtures/serve-smsc.ts"],
    { PORT: String(smscPort) },
    smscPort,
    "tcp",
  );
  let row: Row | undefined;
  try {
    const env = serverEnv(databaseUrl, {
      KASA_WORKER: "off",
      SMS_CARRIERS: `smsc=smpp://kasa:secret@127.0.0.1:${smscPort}?window=64`,
    });
    await withServer("kasa (lean front, SMPP)", KASA_SERVER_ARGS, env, async (url) => {
      row = await load(
        "sms/send through one SMPP bind, live key",
        `${url}/api/v1/sms/send`,
        "POST",
        { authorization: `Bearer ${liveKey}` },
        JSON.stringify({ to: "+233241234567", message: "Bench over SMPP" }),
      );
    });
  } finally {
    smsc.kill("SIGTERM");
  }
  return `## SMS over SMPP (${new Date().toISOString().slice(0, 10)})

autocannon, ${CONNECTIONS} connections, ${DURATION} s after ${WARM_UP_SECONDS} s of warm-up: POST /api/v1/sms/send with a live key (ledger, limits,
request log) on the lean front, through one SMPP transceiver bind (window 64) to a local SMSC in its own process
that answers every submit_sm at once. Each accepted request is one submit_sm.

| Scenario | submit_sm/s (req/s) | p50 ms | p99 ms | non-2xx + errors |
|---|---|---|---|---|
| ${row!.name} | ${row!.rps} | ${row!.p50} | ${row!.p99} | ${row!.non2xx + row!.errors} |

Target (docs/decisions.md, "SMS"): at least 300 submit_sm/s on one bind on 2 cores.`;
}
