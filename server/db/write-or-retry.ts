// A write that must land, attempted now. If the database is out of reach,
// the caller is not kept waiting: the write is retried in the background
// (0.5 s doubling to 30 s, for up to 15 minutes) and the caller answers what
// is true already (the carrier took the message). Idempotent writes only:
// every settle is guarded by the state it moves from. If this process dies
// first, the recovery job settles what it left (docs/decisions.md).
import { isDatabaseUnavailable } from "../errors/database-unavailable";
import { logger } from "../lib/logger";

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;
const GIVE_UP_AFTER_MS = 15 * 60_000;

let retrying = 0;

/** Writes waiting for the database to come back (for tests and the metrics). */
export function writesWaiting(): number {
  return retrying;
}

/**
 * `answerWithinMs`: the caller must answer by then (its deadline); a write still running then goes on behind the
 * answer (and is retried if it fails) instead of holding it.
 */
export async function writeOrRetryLater(
  what: string,
  write: () => Promise<unknown>,
  answerWithinMs?: number,
): Promise<"written" | "retrying"> {
  const writing = write();
  try {
    if (answerWithinMs === undefined) await writing;
    else {
      const late = Symbol("late");
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        writing,
        new Promise((resolve) => (timer = setTimeout(() => resolve(late), answerWithinMs))),
      ]).finally(() => clearTimeout(timer));
      if (outcome === late) {
        logger().warn({ write: what }, "database slow: the answer goes out, the write finishes behind it");
        retrying++;
        void writing
          .catch((error) => (isDatabaseUnavailable(error) ? retryUntilWritten(what, write) : Promise.reject(error)))
          .catch((error) =>
            logger().error({ err: error, write: what }, "delayed write failed; the recovery job will settle it"),
          )
          .finally(() => retrying--);
        return "retrying";
      }
    }
    return "written";
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger().warn({ err: error, write: what }, "database unavailable: the write is retried in the background");
    retrying++;
    void retryUntilWritten(what, write).finally(() => retrying--);
    return "retrying";
  }
}

async function retryUntilWritten(what: string, write: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  for (let wait = FIRST_RETRY_MS; Date.now() - started < GIVE_UP_AFTER_MS; wait = Math.min(wait * 2, LAST_RETRY_MS)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await write();
      logger().info({ write: what, after_ms: Date.now() - started }, "delayed write landed");
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        logger().error({ err: error, write: what }, "delayed write failed; the recovery job will settle it");
        return;
      }
    }
  }
  logger().error({ write: what }, "delayed write gave up; the recovery job will settle it");
}
