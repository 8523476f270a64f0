import { bootDatabase } from "./db/bootstrap";
import { EmbeddedPostgresError } from "./db/embedded";

/** Start-up of a web process: a one-line reason and exit when the database cannot be had, never a hang. */
export async function bootWebProcess() {
  try {
    const database = await bootDatabase({ log: process.env.KASA_PG_LOG ? (l) => process.stderr.write(l) : undefined });
    const shown = database.url.replace(/\/\/([^:@/]+):[^@]*@/, "//$1:***@");
    console.log(`kasa: database ready at ${shown}`);
  } catch (error) {
    const reason =
      error instanceof EmbeddedPostgresError ? error.message : `Database unavailable: ${(error as Error).message}`;
    console.error(`kasa: ${reason.split("\n")[0]}`);
    process.exit(1);
  }
}
