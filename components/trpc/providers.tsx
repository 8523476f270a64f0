"use client";
import { useState, type ReactNode } from "react";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/router";
import { TRPCProvider } from "./client";
import { TRPC_FILE_PROCEDURES, TRPC_MAX_BATCH } from "@/server/trpc/limits";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: signInAgainWhenSignedOut }),
        mutationCache: new MutationCache({ onError: signInAgainWhenSignedOut }),
        defaultOptions: {
          queries: { staleTime: 10_000, retry: (count, error) => count < 2 && !isClientError(error) },
          // What a page prefetched on the server (server/trpc/prefetched.tsx) arrives serialized by superjson.
          hydrate: { deserializeData: superjson.deserialize },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        // A file goes alone: its larger body limit holds only outside a batch.
        splitLink({
          condition: (op) => TRPC_FILE_PROCEDURES.has(op.path),
          true: httpLink({ url: "/api/trpc", transformer: superjson }),
          false: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: TRPC_MAX_BATCH }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
  return status !== undefined && status < 500;
}

/**
 * A session that ended elsewhere (signed out everywhere, a password reset, an expired session): the next call of a
 * signed-in page answers 401, and the page goes to sign in, to come back here after, instead of polling on with
 * errors. Public pages make no signed-in calls, so they never loop.
 */
function signInAgainWhenSignedOut(error: unknown): void {
  const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
  if (status !== 401 || !/^\/(accounts|admin|welcome)(\/|$)/.test(window.location.pathname)) return;
  const back = window.location.pathname + window.location.search;
  // A whole page load, and in place of the dead page: no state of the ended session survives, and Back skips it.
  window.location.replace(`/signin?callbackUrl=${encodeURIComponent(back)}`);
}
