import { bootDatabase } from "./db/bootstrap";
import { EmbeddedPostgresError } from "./db/embedded";
import { logger } from "./lib/logger";
import { config } from "./config/config";

/** Start-up of a web process: a one-line reason and exit when the database cannot be had, never a hang. */
export async function bootWebProcess() {
  try {
    const database = await bootDatabase({ log: config().KASA_PG_LOG ? (l) => process.stderr.write(l) : undefined });
    const shown = database.url.replace(/\/\/([^:@/]+):[^@]*@/, "//$1:***@");
    logger().info(`kasa: database ready at ${shown}`);
  } catch (error) {
    const reason =
      error instanceof EmbeddedPostgresError ? error.message : `Database unavailable: ${(error as Error).message}`;
    // One plain line on stderr: whoever started the process reads it, whatever collects the logs.
    process.stderr.write(`kasa: ${reason.split("\n")[0]}\n`);
    process.exit(1);
  }
}
