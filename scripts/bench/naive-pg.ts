// Benchmark row (b0), the first baseline, kept to compare with earlier runs: a
// bare Node server doing a naive version of one live SMS send's database
// writes with plain `pg` (not Kasa's statements): count the rate limit, then
// two transactions of several round trips each, reserve (balance + ledger +
// message row) and settle (status + capture + event), and the request-log line
// (batched). No carrier call. The honest baseline, Kasa's own statements and
// the carrier call, is (b), bare-pg.ts.
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const accountId = process.env.BENCH_ACCOUNT!;
const keyId = process.env.BENCH_KEY_ID!;
const logs: unknown[][] = [];
setInterval(async () => {
  const batch = logs.splice(0);
  if (!batch.length) return;
  const values = batch
    .map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, 'POST', '/api/v1/sms/send', 200, $${i * 4 + 3}, $${i * 4 + 4})`)
    .join(",");
  await pool.query(
    `INSERT INTO request_logs (account_id, api_key_id, method, path, status, latency_ms, transaction_id) VALUES ${values}`,
    batch.flat(),
  );
}, 200);

async function send(): Promise<string> {
  const id = `sms_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
  await pool.query(
    `INSERT INTO rate_counters AS c (account_id, service, minute_start, minute_count, day_start, day_count, month_start, month_count)
     VALUES ($1, 'sms', date_trunc('minute', now()), 1, date_trunc('day', now()), 1, date_trunc('month', now()), 1)
     ON CONFLICT (account_id, service) DO UPDATE SET minute_count = c.minute_count + 1, day_count = c.day_count + 1, month_count = c.month_count + 1`,
    [accountId],
  );
  await tx(async (c) => {
    const { rows } = await c.query(
      `UPDATE accounts SET balance_micros = balance_micros - 20000 WHERE id = $1 AND balance_micros >= 20000 RETURNING balance_micros`,
      [accountId],
    );
    await c.query(
      `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id) VALUES ($1, 'reserve', -20000, $2, 'bench', $3, $4)`,
      [accountId, rows[0].balance_micros, keyId, id],
    );
    await c.query(
      `INSERT INTO sms_messages (id, account_id, api_key_id, mode, to_number, sender, body, encoding, characters, segments, country_iso, route, region, provider, status, price_micros, currency)
       VALUES ($1, $2, $3, 'live', '+233241234567', 'Kasa', 'bench', 'gsm7', 5, 1, 'GH', 'africa_local', 'africa', 'twilio', 'pending', 20000, 'USD')`,
      [id, accountId, keyId],
    );
  });
  await tx(async (c) => {
    await c.query(
      `UPDATE sms_messages SET status = 'sent', provider_message_id = $2, updated_at = now() WHERE id = $1`,
      [id, `SM${id}`],
    );
    const { rows } = await c.query(`SELECT balance_micros FROM accounts WHERE id = $1`, [accountId]);
    await c.query(
      `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id) VALUES ($1, 'capture', 0, $2, 'bench', $3, $4)`,
      [accountId, rows[0].balance_micros, keyId, id],
    );
    await c.query(`INSERT INTO events (account_id, transaction_id, event, data) VALUES ($1, $2, 'sms.sent', $3)`, [
      accountId,
      id,
      JSON.stringify({ transaction_id: id, status: "sent" }),
    ]);
  });
  return id;
}

async function tx(fn: (c: pg.PoolClient) => Promise<void>) {
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    await fn(c);
    await c.query("COMMIT");
  } catch (error) {
    await c.query("ROLLBACK");
    throw error;
  } finally {
    c.release();
  }
}

createServer((req, res) => {
  const started = performance.now();
  req.resume();
  req.on("end", async () => {
    try {
      const id = await send();
      logs.push([accountId, keyId, Math.round(performance.now() - started), id]);
      const body = JSON.stringify({ success: true, data: { transaction_id: id, status: "sent" } });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
