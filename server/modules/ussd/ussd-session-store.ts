// The USSD session's writes (docs/decisions.md, "USSD"): each one before the step it guards, so a process that dies
// mid-session leaves a row the carrier's next hop finds (or the idle sweep ends), never a hop asked of the app twice
// after its screen went out, nor a session charged twice. A live session's price is held when it opens and
// captured when it ends, both keyed by the session's id in the ledger.
import type pg from "pg";
import { sql } from "../../db/client";
import { inPgTransaction } from "../../db/pg-transaction";
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
> & {
  priceMicros: bigint;
  currency: string;
  /** Written already ended, nothing held: a dial the plan's limits refused. */
  refused?: "rate_limited";
};

/**
 * Opens a session with its dial's hop started (hop 1, the app to be sent an empty text), holding a live one's price,
 * in one statement: the row, its first hop and its hold together or none of them, so no process can die between
 * them. A second dial with the same source key while one is open (a carrier's redelivered PDU, or a subscriber's
 * redial) finds that one, holding nothing again (a dial racing it fails on the open-session index and finds it too).
 * A live session the balance cannot pay for is written ended (insufficient_balance) with nothing held and no hop:
 * the subscriber reads the failure text and the app is never asked.
 */
export async function openUssdSession(s: NewSession): Promise<SessionRow> {
  const columns = `id, account_id, code_id, service_code, mode, source, source_session, phone_number, country, network,
    network_code, currency`;
  const given = `$1, $2, $3, $4, $5::key_mode, $6, $7, $8, $9, $10, $11, $12`;
  const values = [
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
    s.currency,
  ];
  if (s.refused) {
    const { rows } = await sql().query<SessionRow>(
      `INSERT INTO ussd_sessions (${columns}, status, ended_reason, ended_at)
       VALUES (${given}, 'ended', $13, now()) RETURNING *`,
      [...values, s.refused],
    );
    return rows[0]!;
  }
  // The session, then the dial's hop started when the session opened (an ended one has none).
  const opening = (before: string, insert: string) => `WITH ${before} opened AS (${insert}),
     first_hop AS (INSERT INTO ussd_hops (session_id, seq, input, text) SELECT id, 1, NULL, '' FROM opened
       WHERE status = 'open')
     SELECT * FROM opened`;
  const charged = s.mode === "live" && s.priceMicros > 0n;
  const statement = charged
    ? opening(
        `fresh AS (
           SELECT $2::text AS account_id, $13::bigint AS price WHERE NOT EXISTS (
             SELECT 1 FROM ussd_sessions WHERE source = $6 AND source_session = $7 AND status = 'open')),
         ${reserveCte({ gate: { cte: "fresh" }, account: "g.account_id", amount: "g.price", transaction: "$1::text", reason: "'USSD session (held)'", actor: "'system'" })},`,
        `INSERT INTO ussd_sessions (${columns}, price_micros, hops, status, ended_reason, ended_at)
         SELECT ${given}, coalesce((SELECT amount FROM debit), 0),
           CASE WHEN EXISTS (SELECT 1 FROM debit) THEN 1 ELSE 0 END,
           CASE WHEN EXISTS (SELECT 1 FROM debit) THEN 'open' ELSE 'ended' END,
           CASE WHEN EXISTS (SELECT 1 FROM debit) THEN NULL ELSE 'insufficient_balance' END,
           CASE WHEN EXISTS (SELECT 1 FROM debit) THEN NULL ELSE now() END
         FROM fresh RETURNING *`,
      )
    : opening(
        "",
        `INSERT INTO ussd_sessions (${columns}, hops) VALUES (${given}, 1)
         ON CONFLICT (source, source_session) WHERE status = 'open' DO NOTHING RETURNING *`,
      );
  try {
    const { rows } = await sql().query<SessionRow>(statement, charged ? [...values, s.priceMicros.toString()] : values);
    if (rows[0]) return rows[0];
  } catch (error) {
    if ((error as { code?: string }).code !== "23505") throw error;
  }
  const open = await openSessionBySource(s.source, s.source_session);
  if (!open) throw new Error(`USSD session ${s.source}/${s.source_session} is neither new nor open`);
  return open;
}

/**
 * A hop's input, written before the app is asked: the session's count of hops and (when the app is asked) its
 * inputs, whose joined text the app is sent, read back from the row. Null when the session is no longer open (it
 * ended meanwhile: timed out, aborted) or another hop of it came first (a carrier's PDU sent twice): the row said
 * `hops` = `expectedHops` when this hop read it, and only one hop can move it on from there.
 */
export async function startHop(
  sessionId: string,
  hop: { input: string | null; asksApp: boolean; expectedHops: number },
): Promise<{ seq: number; text: string | null } | null> {
  const { rows } = await sql().query<{ seq: number; text: string | null }>(
    `WITH s AS (
       UPDATE ussd_sessions SET hops = hops + 1, last_hop_at = now(),
         inputs = CASE WHEN $3 AND $2::text IS NOT NULL THEN coalesce(inputs, '{}') || $2::text ELSE inputs END
       WHERE id = $1 AND status = 'open' AND hops = $4 RETURNING hops, inputs)
     INSERT INTO ussd_hops (session_id, seq, input, text)
     SELECT $1, hops, $2, CASE WHEN $3 THEN array_to_string(coalesce(inputs, '{}'), '*') END FROM s
     RETURNING seq, text`,
    [sessionId, hop.input, hop.asksApp, hop.expectedHops],
  );
  return rows[0] ?? null;
}

/**
 * The state of a session's hop: whether its outcome (the screen) is written, when it started, and whether a process
 * may still be asking the app for it (started less than `leaseMs` ago by the database's clock).
 */
export async function hopState(
  sessionId: string,
  seq: number,
  leaseMs: number,
): Promise<{ answered: boolean; at: Date; inFlight: boolean } | null> {
  const { rows } = await sql().query<{ answered: boolean; at: Date; inFlight: boolean }>(
    `SELECT screen IS NOT NULL AS answered, at, at > now() - make_interval(secs => $3 / 1000.0) AS "inFlight"
     FROM ussd_hops WHERE session_id = $1 AND seq = $2`,
    [sessionId, seq, leaseMs],
  );
  return rows[0] ?? null;
}

/**
 * A hop a dead process left unanswered, taken over to be asked again: true for one taker only (the hop's start is
 * the one it read, and moves to now with the session's last hop, so the idle sweep leaves it be meanwhile).
 */
export async function retakeHop(sessionId: string, seq: number, startedAt: Date): Promise<boolean> {
  const { rows } = await sql().query(
    `WITH hop AS (
       UPDATE ussd_hops SET at = now() WHERE session_id = $1 AND seq = $2 AND screen IS NULL AND at = $3 RETURNING 1)
     UPDATE ussd_sessions SET last_hop_at = now() WHERE id = $1 AND status = 'open' AND EXISTS (SELECT 1 FROM hop)
     RETURNING 1`,
    [sessionId, seq, startedAt],
  );
  return rows.length > 0;
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
  const hop = `UPDATE ussd_hops SET screen = $3, continues = $4, app_status = $5, app_ms = $6, kasa_ms = $7, error = $8
     WHERE session_id = $1 AND seq = $2 RETURNING *`;
  const values = [
    sessionId,
    seq,
    outcome.screen,
    outcome.continues,
    outcome.appStatus,
    outcome.appMs,
    outcome.kasaMs,
    outcome.error,
  ];
  if (outcome.ends)
    return inPgTransaction(async (client) => {
      const { rows } = await client.query<HopRow>(hop, values);
      await endSession(client, sessionId, outcome.ends!);
      return rows[0]!;
    });
  // A screen that waits: the hop and the session's pages in one statement, one round trip.
  const { rows } = await sql().query<HopRow>(
    `WITH hop AS (${hop}),
       pages AS (UPDATE ussd_sessions SET pages = $9, page = $10, pages_continue = $11 WHERE id = $1 AND status = 'open')
     SELECT * FROM hop`,
    [...values, outcome.pages?.all ?? null, outcome.pages?.shown ?? null, outcome.pages?.appContinues ?? null],
  );
  return rows[0]!;
}

/**
 * Ends an open session (an abort, the idle sweep); false when it had already ended. `idleSince`: only if its last
 * hop came before then (the sweep's check, repeated under the row's lock: a hop may have come since it looked).
 */
export async function endUssdSession(sessionId: string, reason: EndedReason, idleSince?: Date): Promise<boolean> {
  return inPgTransaction((client) => endSession(client, sessionId, reason, idleSince));
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

export type SessionCode = { callbackUrl: string | null; signingSecret: string; timeoutMs: number; failureText: string };
export type DialledCode = SessionCode & {
  id: string;
  accountId: string;
  /** The account's plan, whose limits count its live sessions. */
  planId: string;
  code: string;
  mode: "live" | "test";
};

/** The code a dial names (a carrier's dial, the simulator's), with what its hops need: one read per session. */
export async function codeByDialled(
  code: string,
  mode: "live" | "test",
  accountId?: string,
): Promise<DialledCode | null> {
  const { rows } = await sql().query<DialledCode>(
    `SELECT c.id, c.account_id AS "accountId", a.plan_id AS "planId", c.code, c.mode, c.callback_url AS "callbackUrl",
       c.signing_secret AS "signingSecret", c.timeout_ms AS "timeoutMs", c.failure_text AS "failureText"
     FROM ussd_codes c JOIN accounts a ON a.id = c.account_id
     WHERE c.code = $1 AND c.mode = $2::key_mode AND ($3::text IS NULL OR c.account_id = $3)`,
    [code, mode, accountId ?? null],
  );
  return rows[0] ?? null;
}

/** A session and what its hops need of its code (null once released), in one read: every answer's first step. */
export async function sessionAndCode(
  where: { id: string } | { source: string; sourceSession: string },
): Promise<{ session: SessionRow; code: SessionCode | null } | null> {
  const [condition, values] =
    "id" in where
      ? ["s.id = $1", [where.id]]
      : ["s.source = $1 AND s.source_session = $2 AND s.status = 'open'", [where.source, where.sourceSession]];
  const { rows } = await sql().query<SessionRow & { code: SessionCode | null }>(
    `SELECT s.*, CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('callbackUrl', c.callback_url,
       'signingSecret', c.signing_secret, 'timeoutMs', c.timeout_ms, 'failureText', c.failure_text) END AS code
     FROM ussd_sessions s LEFT JOIN ussd_codes c ON c.id = s.code_id WHERE ${condition}`,
    values,
  );
  if (!rows[0]) return null;
  const { code, ...session } = rows[0];
  return { session, code };
}

export async function hopsOf(sessionId: string): Promise<HopRow[]> {
  const { rows } = await sql().query<HopRow>(`SELECT * FROM ussd_hops WHERE session_id = $1 ORDER BY seq`, [sessionId]);
  return rows;
}
