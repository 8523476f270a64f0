// The request log's path and key filters match part of a value ("contains /sms", "starts with kasa_live_").
// No index reads a substring in time order, so each is first turned into the exact values that match — an
// account has a few dozen paths and a few keys, whatever its traffic — and each value's own index is then read.
import { db } from "../../db/client";

/** Past this many distinct paths an account's list is cut short (a client looping over made-up paths). */
const MAX_DISTINCT_PATHS = 500;

/**
 * The account's distinct request paths that contain `text`, found by skipping through the (account_id, path, ...)
 * index one path at a time (a loose index scan): as many index probes per week as the account has paths.
 */
export async function matchingPaths(accountId: string, text: string): Promise<string[]> {
  const rows = await db().$queryRaw<{ path: string }[]>`
    WITH RECURSIVE paths(path, n) AS (
      (SELECT path, 1 FROM request_logs WHERE account_id = ${accountId} ORDER BY path LIMIT 1)
      UNION ALL
      SELECT (SELECT r.path FROM request_logs r WHERE r.account_id = ${accountId} AND r.path > paths.path
              ORDER BY r.path LIMIT 1), n + 1
      FROM paths WHERE paths.path IS NOT NULL AND n < ${MAX_DISTINCT_PATHS}
    )
    SELECT path FROM paths WHERE path IS NOT NULL AND strpos(path, ${text}) > 0`;
  return rows.map((r) => r.path);
}

/** The prefixes of the account's keys (revoked ones too: their lines stay) that start with `text`. */
export async function matchingKeyPrefixes(accountId: string, text: string): Promise<string[]> {
  const keys = await db().apiKey.findMany({
    where: { accountId, prefix: { startsWith: text } },
    select: { prefix: true },
  });
  return [...new Set(keys.map((k) => k.prefix))];
}
