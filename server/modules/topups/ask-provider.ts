import { AppError } from "../../errors/app-error";
import { redactInternal } from "../../lib/redact-internal";
import { ProviderDegraded, UpstreamNoAnswer, UpstreamUnreachable } from "../../providers/topups";

/** A question to a provider before any money moves (an operator lookup): its failures are 502 or 503, and nothing was charged. */
export async function askProvider<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof UpstreamUnreachable || error instanceof UpstreamNoAnswer)
      throw new AppError("PROVIDER_ERROR", {
        message: "The provider is unreachable; nothing was charged",
      });
    if (error instanceof ProviderDegraded)
      throw new AppError("PURCHASE_FAILED", {
        status: 503,
        message: `The provider is degraded (${redactInternal(error.message)}); nothing was charged`,
      });
    throw error;
  }
}
