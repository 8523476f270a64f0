// GET /api/v1/ussd/sessions: the account's sessions of the caller's mode, newest first, a page at a time (`before`
// the last one's id), filtered by code, number, ending and period; read through (account_id, mode, created_at, id),
// or (account_id, phone_number, created_at) for one subscriber's.
import { sql } from "../../db/client";
import type { ListUssdSessionsInput } from "./schemas";
import type { SessionRow } from "./ussd-session-store";
import { ussdSessionSummary } from "./ussd-session-view";

const DEFAULT_LIMIT = 25;

export async function listUssdSessions(input: ListUssdSessionsInput, caller: { accountId: string; mode: string }) {
  const values: unknown[] = [caller.accountId, caller.mode];
  const where = ["account_id = $1", "mode = $2::key_mode"];
  const add = (condition: (p: string) => string, value: unknown) => where.push(condition(`$${values.push(value)}`));
  if (input.service_code) add((p) => `service_code = ${p}`, input.service_code);
  if (input.phone_number) add((p) => `phone_number = ${p}`, input.phone_number);
  if (input.ended_reason) add((p) => `ended_reason = ${p}`, input.ended_reason);
  if (input.from) add((p) => `created_at >= ${p}`, new Date(input.from));
  if (input.to) add((p) => `created_at < ${p}`, new Date(input.to));
  if (input.before)
    add(
      (p) => `(created_at, id) < (SELECT created_at, id FROM ussd_sessions WHERE id = ${p} AND account_id = $1)`,
      input.before,
    );
  const limit = input.limit ?? DEFAULT_LIMIT;
  const { rows } = await sql().query<SessionRow>(
    `SELECT * FROM ussd_sessions WHERE ${where.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`,
    values,
  );
  return {
    sessions: rows.slice(0, limit).map(ussdSessionSummary),
    has_more: rows.length > limit,
  };
}
