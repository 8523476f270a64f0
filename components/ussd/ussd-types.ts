// What the USSD page reads, as the tRPC procedures answer it.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/router";

type Outputs = inferRouterOutputs<AppRouter>["ussd"];
export type UssdCodeRow = Outputs["codes"]["codes"][number];
export type SimulatedHop = Outputs["simulate"];
