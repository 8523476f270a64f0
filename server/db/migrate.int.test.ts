import { describe, expect, it } from "vitest";
import pg from "pg";
import { migrate, readMigrations } from "./migrate";
import { freshDatabase } from "../../test/fresh-database";

describe("migration runner", () => {
  it("applies every migration once, records it like Prisma does, and has nothing to do the second time", async () => {
    const url = await freshDatabase();
    const names = readMigrations().map((m) => m.name);
    expect(await migrate(url)).toEqual(names);
    expect(await migrate(url)).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = (
      await client.query(`SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name`)
    ).rows;
    const plans = (await client.query(`SELECT count(*)::int AS n FROM plan_limits`)).rows[0].n;
    await client.end();
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at)).toBe(true);
    expect(plans).toBe(40); // five plans, eight services (SPEC's four, Verify, Lookup, USSD and WhatsApp)
  });

  it("is safe when several processes start at once", async () => {
    const url = await freshDatabase();
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(results.flat()).toEqual(readMigrations().map((m) => m.name));
  });

  it("refuses to run when an applied migration was edited", async () => {
    const url = await freshDatabase();
    const migrations = readMigrations();
    await migrate(url, migrations);
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
    await expect(migrate(url, edited)).rejects.toThrow(
      `Migration ${migrations[0]!.name} was changed after it was applied`,
    );
  });

  it("rolls a failing migration back whole and records nothing", async () => {
    const url = await freshDatabase();
    const broken = {
      name: "29990101000000_broken",
      sql: "CREATE TABLE half_done (id int); SELECT no_such_function();",
      checksum: "f".repeat(64),
    };
    await expect(migrate(url, [...readMigrations(), broken])).rejects.toThrow(/29990101000000_broken failed/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const table = await client.query(`SELECT to_regclass('half_done') AS t`);
    const recorded = await client.query(`SELECT count(*)::int AS n FROM _prisma_migrations WHERE migration_name = $1`, [
      broken.name,
    ]);
    await client.end();
    expect(table.rows[0].t).toBeNull();
    expect(recorded.rows[0].n).toBe(0);
  });
});
