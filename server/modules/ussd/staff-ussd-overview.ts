// The console's view of an account's USSD (issue #41, point 6): its codes with where their app lives and their
// sessions of the last 7 days, and its latest sessions of both modes. No signing secret: support never needs one.
import { sql } from "../../db/client";
import type { SessionRow } from "./ussd-session-store";
import { ussdSessionSummary } from "./ussd-session-view";

const LATEST = 20;

export async function staffUssdOverview(accountId: string) {
  const [codes, sessions] = await Promise.all([
    sql().query<{
      id: string;
      code: string;
      mode: "live" | "test";
      kind: string;
      callback_url: string | null;
      timeout_ms: number;
      sessions_7d: string;
    }>(
      `SELECT c.id, c.code, c.mode, c.kind, c.callback_url, c.timeout_ms,
         (SELECT count(*) FROM ussd_sessions s
          WHERE s.account_id = c.account_id AND s.mode = c.mode AND s.code_id = c.id
            AND s.created_at >= now() - interval '7 days')::text AS sessions_7d
       FROM ussd_codes c WHERE c.account_id = $1 ORDER BY c.created_at, c.id`,
      [accountId],
    ),
    // Both modes, newest first: each read through (account_id, mode, created_at, id), then merged.
    sql().query<SessionRow>(
      `(SELECT * FROM ussd_sessions WHERE account_id = $1 AND mode = 'live' ORDER BY created_at DESC, id DESC LIMIT $2)
       UNION ALL
       (SELECT * FROM ussd_sessions WHERE account_id = $1 AND mode = 'test' ORDER BY created_at DESC, id DESC LIMIT $2)
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [accountId, LATEST],
    ),
  ]);
  return {
    codes: codes.rows.map((c) => ({
      id: c.id,
      service_code: c.code,
      mode: c.mode,
      kind: c.kind,
      callback_url: c.callback_url,
      timeout_ms: c.timeout_ms,
      sessions_7d: Number(c.sessions_7d),
    })),
    sessions: sessions.rows.map(ussdSessionSummary),
  };
}
