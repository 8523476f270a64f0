// The USSD session's writes (docs/decisions.md, "USSD"): each one before the step it guards, so a process that dies
// mid-session leaves a row the carrier's next hop finds (or the idle sweep ends), never a hop asked of the app twice
// after its screen went out, nor a session charged twice. A live session's price is held when it opens and
// captured when it ends, both keyed by the session's id in the ledger.
import type pg from "pg";
import { sql } from "../../db/client";
import { captureCte, reserveCte } from "../billing/charge-sql";
import type { EndedReason } from "./schemas";
import { ussdSessionView } from "./ussd-session-view";

export type SessionRow = {
  id: string;
  account_id: string;
  code_id: string | null;
  service_code: string;
  mode: "live" | "test";
  source: string;
  source_session: string;
  phone_number: string;
  country: string | null;
  network: string | null;
  network_code: string | null;
  /** Null only if written by hand: every session is made with none ('{}'). */
  inputs: string[] | null;
  pages: string[] | null;
  page: number | null;
  pages_continue: boolean | null;
  hops: number;
  status: "open" | "ended";
  ended_reason: EndedReason | null;
  price_micros: string;
  currency: string;
  created_at: Date;
  last_hop_at: Date;
  ended_at: Date | null;
};

export type HopRow = {
  session_id: string;
  seq: number;
  input: string | null;
  text: string | null;
  screen: string | null;
  continues: boolean | null;
  app_status: number | null;
  app_ms: number | null;
  kasa_ms: number | null;
  error: string | null;
  at: Date;
};

export type NewSession = Pick<
  SessionRow,
  | "id"
  | "account_id"
  | "code_id"
  | "service_code"
  | "mode"
  | "source"
  | "source_session"
  | "phone_number"
  | "country"
  | "network"
  | "network_code"
> & { priceMicros: bigint; currency: string };

async function inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await sql().connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Opens a session (its dial), holding a live one's price. A second dial with the same source key while one is open
 * (a carrier's redelivered PDU) finds that one. A live session the balance cannot pay for is written ended
 * (insufficient_balance) with nothing held: the subscriber reads the failure text and the app is never asked.
 */
export async function openUssdSession(s: NewSession): Promise<SessionRow> {
  return inTransaction(async (client) => {
    const { rows } = await client.query<SessionRow>(
      `INSERT INTO ussd_sessions (id, account_id, code_id, service_code, mode, source, source_session, phone_number,
         country, network, network_code, price_micros, currency)
       VALUES ($1, $2, $3, $4, $5::key_mode, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (source, source_session) WHERE status = 'open' DO NOTHING RETURNING *`,
      [
        s.id,
        s.account_id,
        s.code_id,
        s.service_code,
        s.mode,
        s.source,
        s.source_session,
        s.phone_number,
        s.country,
        s.network,
        s.network_code,
        s.mode === "live" ? s.priceMicros.toString() : "0",
        s.currency,
      ],
    );
    if (!rows[0]) {
      const { rows: open } = await client.query<SessionRow>(
        `SELECT * FROM ussd_sessions WHERE source = $1 AND source_session = $2 AND status = 'open'`,
        [s.source, s.source_session],
      );
      return open[0]!;
    }
    if (s.mode !== "live" || s.priceMicros === 0n) return rows[0];
    const { rows: held } = await client.query<{ paid: boolean }>(
      `WITH s AS (SELECT id, account_id, price_micros FROM ussd_sessions WHERE id = $1),
       ${reserveCte({ gate: { cte: "s" }, account: "g.account_id", amount: "g.price_micros", transaction: "g.id", reason: "'USSD session (held)'", actor: "'system'" })}
       SELECT EXISTS (SELECT 1 FROM debit) AS paid`,
      [s.id],
    );
    if (held[0]?.paid) return rows[0];
    const { rows: refused } = await client.query<SessionRow>(
      `UPDATE ussd_sessions SET status = 'ended', ended_reason = 'insufficient_balance', ended_at = now(),
         price_micros = 0 WHERE id = $1 RETURNING *`,
      [s.id],
    );
    return refused[0]!;
  });
}

/**
 * A hop's input, written before the app is asked: the session's count of hops and (when the input is the app's)
 * its inputs. Null when the session is no longer open (it ended meanwhile: timed out, aborted).
 */
export async function startHop(
  sessionId: string,
  hop: { input: string | null; text: string | null; appendInput: boolean },
): Promise<number | null> {
  const { rows } = await sql().query<{ seq: number }>(
    `WITH s AS (
       UPDATE ussd_sessions SET hops = hops + 1, last_hop_at = now(),
         inputs = CASE WHEN $3 THEN coalesce(inputs, '{}') || $2::text ELSE inputs END
       WHERE id = $1 AND status = 'open' RETURNING hops)
     INSERT INTO ussd_hops (session_id, seq, input, text) SELECT $1, hops, $2, $4 FROM s RETURNING seq`,
    [sessionId, hop.input, hop.appendInput, hop.text],
  );
  return rows[0]?.seq ?? null;
}

export type HopOutcome = {
  screen: string;
  continues: boolean;
  appStatus: number | null;
  appMs: number | null;
  kasaMs: number;
  error: string | null;
  /** The screen's pages and the one shown, kept for the next hop's 98 and 0; null: one page. */
  pages: { all: string[]; shown: number; appContinues: boolean } | null;
  /** Set when this hop ends the session. */
  ends: EndedReason | null;
};

/** A hop's outcome, written before its screen goes out; the session ended (and priced) with it when it ends. */
export async function finishHop(sessionId: string, seq: number, outcome: HopOutcome): Promise<HopRow> {
  return inTransaction(async (client) => {
    const { rows } = await client.query<HopRow>(
      `UPDATE ussd_hops SET screen = $3, continues = $4, app_status = $5, app_ms = $6, kasa_ms = $7, error = $8
       WHERE session_id = $1 AND seq = $2 RETURNING *`,
      [
        sessionId,
        seq,
        outcome.screen,
        outcome.continues,
        outcome.appStatus,
        outcome.appMs,
        outcome.kasaMs,
        outcome.error,
      ],
    );
    if (outcome.ends) await endSession(client, sessionId, outcome.ends);
    else
      await client.query(
        `UPDATE ussd_sessions SET pages = $2, page = $3, pages_continue = $4 WHERE id = $1 AND status = 'open'`,
        [sessionId, outcome.pages?.all ?? null, outcome.pages?.shown ?? null, outcome.pages?.appContinues ?? null],
      );
    return rows[0]!;
  });
}

/**
 * Ends an open session (an abort, the idle sweep); false when it had already ended. `idleSince`: only if its last
 * hop came before then (the sweep's check, repeated under the row's lock: a hop may have come since it looked).
 */
export async function endUssdSession(sessionId: string, reason: EndedReason, idleSince?: Date): Promise<boolean> {
  return inTransaction((client) => endSession(client, sessionId, reason, idleSince));
}

/**
 * The end of a session, once: its status, a live one's price captured (held when it opened), and the event
 * ussd.session.ended with the whole session, its hops included, in the transaction that ends it.
 */
async function endSession(
  client: pg.PoolClient,
  sessionId: string,
  reason: EndedReason,
  idleSince?: Date,
): Promise<boolean> {
  const { rows: locked } = await client.query<SessionRow>(
    `SELECT * FROM ussd_sessions WHERE id = $1 AND status = 'open' AND ($2::timestamptz IS NULL OR last_hop_at < $2)
     FOR UPDATE`,
    [sessionId, idleSince ?? null],
  );
  const session = locked[0];
  if (!session) return false;
  const { rows: hops } = await client.query<HopRow>(`SELECT * FROM ussd_hops WHERE session_id = $1 ORDER BY seq`, [
    sessionId,
  ]);
  const endedAt = new Date();
  const data = ussdSessionView(
    { ...session, status: "ended", ended_reason: reason, ended_at: endedAt, pages: null },
    hops,
  );
  await client.query(
    `WITH ended AS (
       UPDATE ussd_sessions SET status = 'ended', ended_reason = $2, ended_at = $3, pages = NULL, page = NULL,
         pages_continue = NULL
       WHERE id = $1 AND status = 'open' RETURNING id, account_id, mode, price_micros),
     ${captureCte({ gate: { cte: "ended", where: "g.mode = 'live' AND g.price_micros > 0" }, account: "g.account_id", amount: "0", transaction: "g.id", reason: "'USSD session'", actor: "'system'" })}
     INSERT INTO events (account_id, transaction_id, event, data, livemode)
     SELECT account_id, id, 'ussd.session.ended', $4::jsonb, mode = 'live' FROM ended
     ON CONFLICT (transaction_id, event) DO NOTHING`,
    [sessionId, reason, endedAt, JSON.stringify(data)],
  );
  return true;
}

export async function sessionById(id: string): Promise<SessionRow | null> {
  const { rows } = await sql().query<SessionRow>(`SELECT * FROM ussd_sessions WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function openSessionBySource(source: string, sourceSession: string): Promise<SessionRow | null> {
  const { rows } = await sql().query<SessionRow>(
    `SELECT * FROM ussd_sessions WHERE source = $1 AND source_session = $2 AND status = 'open'`,
    [source, sourceSession],
  );
  return rows[0] ?? null;
}

export async function hopsOf(sessionId: string): Promise<HopRow[]> {
  const { rows } = await sql().query<HopRow>(`SELECT * FROM ussd_hops WHERE session_id = $1 ORDER BY seq`, [sessionId]);
  return rows;
}
