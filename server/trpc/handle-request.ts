import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { inLane } from "../db/client";
import { appRouter } from "./router";
import { createContext } from "./context";

/** The dashboard's RPC over HTTP, on the dashboard's own database connections: API load never starves it. */
export function handleTrpcRequest(req: Request): Promise<Response> {
  return inLane("dashboard", () =>
    fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext }),
  );
}
