"use client";
import { createContext, useContext, useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";

export type TryItAccount = { id: string; name: string; canMakeKeys: boolean };
type TryIt = {
  accounts: TryItAccount[] | null;
  accountId: string | null;
  setAccountId: (id: string) => void;
  key: string | null;
  getKey: () => void;
  pending: boolean;
  error: string | null;
};

const Context = createContext<TryIt | null>(null);

/**
 * One Try-it key for the whole reference page: every operation's panel calls with it. Made on request (each request
 * revokes the account's previous Try-it key, try-it-key.ts), held in this page's memory only.
 */
export function TryItProvider({ accounts, children }: { accounts: TryItAccount[] | null; children: ReactNode }) {
  const trpc = useTRPC();
  const [accountId, setAccountId] = useState(accounts?.[0]?.id ?? null);
  // Each key is kept with the account it was made for: one asked for A and answered after a switch to B is not B's.
  const [made, setMade] = useState<{ accountId: string; key: string } | null>(null);
  const make = useMutation(
    trpc.keys.tryIt.mutationOptions({
      onSuccess: (created, asked) => setMade({ accountId: asked.accountId, key: created.key }),
    }),
  );
  const key = made && made.accountId === accountId ? made.key : null;
  return (
    <Context.Provider
      value={{
        accounts,
        accountId,
        setAccountId,
        key,
        getKey: () => accountId && make.mutate({ accountId }),
        pending: make.isPending,
        error: make.error?.message ?? null,
      }}
    >
      {children}
    </Context.Provider>
  );
}

export function useTryIt(): TryIt {
  const value = useContext(Context);
  if (!value) throw new Error("useTryIt outside TryItProvider");
  return value;
}
