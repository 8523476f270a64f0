import { describe, expect, it } from "vitest";
import { GET as live } from "../../../app/api/health/route";
import { GET as ready } from "../../../app/api/health/ready/route";
import { disconnectDb } from "../../db/client";
import { freePort } from "../../../test/free-port";
import { configure } from "../../config/config";

describe("GET /api/health and /api/health/ready", () => {
  it("liveness answers from the process alone; readiness is 200 while the database answers and 503 when it does not", async () => {
    const up = await ready();
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      success: true,
      data: { status: "ready", database: "ok", migrations: "applied" },
    });

    await disconnectDb();
    const restore = configure({ DATABASE_URL: `postgresql://kasa:kasa@127.0.0.1:${await freePort()}/kasa` });
    try {
      const alive = await live();
      expect(alive.status).toBe(200);
      expect((await alive.json()).data.status).toBe("ok");

      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(await down.json()).toEqual({
        success: false,
        error: {
          code: "SERVICE_UNAVAILABLE",
          message: "Not ready to serve",
          docs_url: "http://kasa.test/docs/errors#service-error-codes",
          status: "not_ready",
          database: "unreachable",
          migrations: "applied",
        },
      });
    } finally {
      await disconnectDb();
      restore();
    }
  });
});
