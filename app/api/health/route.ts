import { success } from "@/server/http/envelope";

export const dynamic = "force-dynamic";

// Liveness: the process is up and answering. It asks nothing of the database (a database that is down or
// stalled is readiness's business, /api/health/ready), so a supervisor never restarts a healthy process for it.
export async function GET() {
  return success({ status: "ok", uptime_s: Math.round(process.uptime()) });
}
