import { checkHealth } from "@/server/modules/health/check-health";
import { AppError } from "@/server/errors/app-error";
import { failure, success } from "@/server/http/envelope";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  if (health.status === "ok") return success(health);
  return failure(new AppError("SERVICE_UNAVAILABLE", { message: "Database unreachable", context: health }));
}
