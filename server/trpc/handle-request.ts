import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { inLane } from "../db/client";
import { appRouter } from "./router";
import { createContext } from "./context";
import { enforceRequestLimits } from "./enforce-request-limits";
import { TRPC_MAX_BATCH } from "./limits";
import { admitFile, fileProcedureOf } from "./file-procedures";
import { getSessionUser } from "../auth/session-user";

/** The dashboard's RPC over HTTP, on the dashboard's own database connections: API load never starves it. */
export async function handleTrpcRequest(req: Request): Promise<Response> {
  if (!fileProcedureOf(req)) return serve(req);
  const admitted = await admitFile(() => getSessionUser().then(Boolean, () => false));
  if (admitted instanceof Response) return admitted;
  try {
    return await serve(req);
  } finally {
    admitted();
  }
}

async function serve(req: Request): Promise<Response> {
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
