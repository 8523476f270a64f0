import { describe, expect, it } from "vitest";
import { GET } from "../../../app/api/health/route";
import { disconnectDb } from "../../db/client";
import { freePort } from "../../../test/free-port";

describe("GET /api/health", () => {
  it("is 200 while the database answers and 503 when it does not", async () => {
    const up = await GET();
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ success: true, data: { status: "ok", database: "ok" } });

    const healthyUrl = process.env.DATABASE_URL!;
    await disconnectDb();
    process.env.DATABASE_URL = `postgresql://kasa:kasa@127.0.0.1:${await freePort()}/kasa`;
    try {
      const down = await GET();
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({
        success: false,
        error: {
          code: "SERVICE_UNAVAILABLE",
          message: "Database unreachable",
          docs_url: "http://kasa.test/docs/errors#service-error-codes",
          status: "degraded",
          database: "unreachable",
        },
      });
    } finally {
      await disconnectDb();
      process.env.DATABASE_URL = healthyUrl;
    }
  });
});
