import { checkReadiness } from "@/server/modules/health/check-readiness";
import { AppError } from "@/server/errors/app-error";
import { failure, success } from "@/server/http/envelope";

export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await checkReadiness();
  if (readiness.status === "ready") return success(readiness);
  return failure(new AppError("SERVICE_UNAVAILABLE", { message: "Not ready to serve", context: { ...readiness } }), {
    "retry-after": "5",
  });
}
