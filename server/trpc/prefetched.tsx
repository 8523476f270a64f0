// A dashboard page's first data, fetched while the server renders it (docs/decisions.md,
// "Accessibility and pages"): the page arrives with its numbers in the HTML instead of a "Loading…"
// that a phone replaces a round trip and a script later. The queries run the
// same procedures, with the same checks, as the browser's calls; the browser's
// React Query picks the answers up and refetches on its own schedule.
import type { ReactNode } from "react";
import { dehydrate, HydrationBoundary, QueryClient, type FetchQueryOptions } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import { createContext } from "./context";
import { appRouter, type AppRouter } from "./router";

export async function Prefetched({
  queries,
  children,
}: {
  /** The queries the page's components make first, with exactly their inputs (the cache keys must match). */
  queries: (trpc: TRPCOptionsProxy<AppRouter>) => unknown[];
  children: ReactNode;
}) {
  const queryClient = new QueryClient({ defaultOptions: { dehydrate: { serializeData: superjson.serialize } } });
  const trpc = createTRPCOptionsProxy<AppRouter>({ router: appRouter, ctx: () => createContext(), queryClient });
  // A query that fails here (a role that may not see it) is left to the browser, which shows its error as before.
  await Promise.all(queries(trpc).map((options) => queryClient.prefetchQuery(options as FetchQueryOptions)));
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
