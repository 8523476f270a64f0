import { db } from "../../db/client";

const DATABASE_TIMEOUT_MS = 2_000;

export async function checkHealth(): Promise<{ status: "ok" | "degraded"; database: "ok" | "unreachable" }> {
  const database = await Promise.race([
    db().$queryRaw`SELECT 1`.then(() => "ok" as const),
    new Promise<"unreachable">((resolve) => setTimeout(() => resolve("unreachable"), DATABASE_TIMEOUT_MS).unref()),
  ]).catch(() => "unreachable" as const);
  return { status: database === "ok" ? "ok" : "degraded", database };
}
