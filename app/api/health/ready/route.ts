import { checkReadiness } from "@/server/modules/health/check-readiness";
import { AppError } from "@/server/errors/app-error";
import { failure, success } from "@/server/http/envelope";
import { isSaturated } from "@/server/http/admission";

export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await checkReadiness();
  // Refusing work for load right now: send traffic elsewhere for a moment (liveness stays 200).
  if (readiness.status === "ready" && isSaturated())
    return failure(
      new AppError("SERVICE_UNAVAILABLE", {
        message: "Saturated: refusing work for load",
        context: { ...readiness, status: "saturated" },
      }),
      { "retry-after": "2" },
    );
  if (readiness.status === "ready") return success(readiness);
  return failure(new AppError("SERVICE_UNAVAILABLE", { message: "Not ready to serve", context: { ...readiness } }), {
    "retry-after": "5",
  });
}
