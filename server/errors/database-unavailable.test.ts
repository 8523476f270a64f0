import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable";

describe("isDatabaseUnavailable", () => {
  it("knows a database that is away from a bug, through the wrappers pg and Prisma put around it", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const prisma = Object.assign(new Error("Invalid `prisma.$queryRaw()` invocation: Raw query failed."), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { originalCode: "57P01", kind: "postgres" } } },
    });
    // Seen with the database stopped under load: the adapter leaves a kind, not a code.
    const closed = Object.assign(
      new Error("Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`"),
      {
        code: "P2010",
        meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } } },
      },
    );
    const closedQuietly = { code: "P2010", meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } } };
    const poolTimeout = new Error("timeout exceeded when trying to connect");
    for (const error of [refused, shutdown, prisma, closed, closedQuietly, poolTimeout, { cause: refused }])
      expect(isDatabaseUnavailable(error)).toBe(true);
    const bugs = [
      new TypeError("x is undefined"),
      Object.assign(new Error("duplicate key value"), { code: "23505" }),
      Object.assign(new Error("Raw query failed"), {
        code: "P2010",
        meta: { driverAdapterError: { cause: { originalCode: "42P01" } } },
      }),
    ];
    for (const error of bugs) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
