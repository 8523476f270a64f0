import { describe, expect, it } from "vitest";
import { sql } from "./client";

describe("a connection the database ends while it is checked out", () => {
  it("fails the work that holds it, not the process, and the pool goes on with a new one", async () => {
    const held = await sql().connect();
    const { rows } = await held.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const ended = new Promise((resolve) => held.once("end", resolve));
    // Between two statements of the holder, as a database restart does to every connection.
    await sql().query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    await ended;
    // Without a listener of its own, the connection's "error" here was an uncaught exception (the process died).
    await expect(held.query("SELECT 1")).rejects.toThrow();
    held.release(true);
    expect((await sql().query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one).toBe(1);
  });
});
