import { afterAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded";
import { freePort } from "../../test/free-port";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "kasa-embedded-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("keeps its data across restarts, and a second process joins the running server instead of starting another", async () => {
    const dataDir = tempDir();
    const first = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(first.owned).toBe(true);
    await query(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");

    const joined = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(joined).toMatchObject({ owned: false, url: first.url });
    await first.stop();
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);

    const restarted = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(await query(restarted.url, "SELECT v FROM kept")).toEqual([{ v: "still here" }]);
    await restarted.stop();
  });

  it("says in one line that the port is taken, instead of hanging", async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    try {
      const error = await startEmbeddedPostgres({ dataDir: tempDir(), port }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(
        `Embedded PostgreSQL did not start on port ${port}: the port is already taken (set KASA_PG_PORT to a free port)`,
      );
    } finally {
      blocker.close();
    }
  });

  it("says in one line that the data dir cannot be used", async () => {
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "not a folder");
    const error = (await startEmbeddedPostgres({ dataDir: join(file, "data"), port: await freePort() }).catch(
      (e: Error) => e,
    )) as Error;
    expect(error.message).toBe(
      `Embedded PostgreSQL cannot use data dir ${join(file, "data")}: ENOTDIR (set KASA_DATA_DIR to a writable folder)`,
    );
    expect(error.message).not.toContain("\n");
  });
});
