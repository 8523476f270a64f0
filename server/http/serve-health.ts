// GET /api/health (liveness) and /api/health/ready (readiness). `npm start`
// answers both on the thread that serves /api/v1, since readiness reports that
// thread's admission ("saturated") and its database pool; the App Router route
// files answer them the same way under `next start`.
import { checkReadiness } from "../modules/health/check-readiness";
import { AppError } from "../errors/app-error";
import { failureAnswer, jsonAnswer, type ApiAnswer } from "./envelope";
import { isSaturated } from "./admission";

export const LIVENESS_PATH = "/api/health";
export const READINESS_PATH = "/api/health/ready";

// Liveness: the process is up and answering. It asks nothing of the database (a database that is down or
// stalled is readiness's business), so a supervisor never restarts a healthy process for it.
export async function serveLiveness(): Promise<ApiAnswer> {
  return jsonAnswer({ success: true, data: { status: "ok", uptime_s: Math.round(process.uptime()) } });
}

export async function serveReadiness(): Promise<ApiAnswer> {
  const readiness = await checkReadiness();
  // Refusing work for load right now: send traffic elsewhere for a moment (liveness stays 200).
  if (readiness.status === "ready" && isSaturated())
    return failureAnswer(
      new AppError("SERVICE_UNAVAILABLE", {
        message: "Saturated: refusing work for load",
        context: { ...readiness, status: "saturated" },
      }),
      { "retry-after": "2" },
    );
  if (readiness.status === "ready") return jsonAnswer({ success: true, data: readiness });
  return failureAnswer(
    new AppError("SERVICE_UNAVAILABLE", { message: "Not ready to serve", context: { ...readiness } }),
    {
      "retry-after": "5",
    },
  );
}
