import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { inLane } from "../db/client";
import { appRouter } from "./router";
import { createContext } from "./context";
import { enforceRequestLimits } from "./enforce-request-limits";
import { TRPC_MAX_BATCH } from "./limits";

/** The dashboard's RPC over HTTP, on the dashboard's own database connections: API load never starves it. */
export async function handleTrpcRequest(req: Request): Promise<Response> {
  const limited = await enforceRequestLimits(req);
  if (limited instanceof Response) return limited;
  return inLane("dashboard", () =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: limited,
      router: appRouter,
      createContext,
      maxBatchSize: TRPC_MAX_BATCH,
    }),
  );
}
