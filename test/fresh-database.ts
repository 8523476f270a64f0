import pg from "pg";
import { randomToken } from "../server/lib/ids";
import { config } from "../server/config/config";

/** An empty database (no migrations) on the test server, for tests of the migrations themselves. */
export async function freshDatabase(prefix = "fresh"): Promise<string> {
  const base = new URL(config().DATABASE_URL!);
  const name = `${prefix}_${randomToken(10).toLowerCase()}`;
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  base.pathname = `/${name}`;
  return base.toString();
}
