"use client";
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Card } from "../ui/card";
import { BuyDataForm } from "./buy-data-form";
import { BuyAirtimeForm } from "./buy-airtime-form";
import { TopupHistory } from "./topup-history";

export function TopupsPanel({ accountId, canBuy }: { accountId: string; canBuy: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<"test" | "live">("test");
  const history = useQuery(trpc.topups.history.queryOptions({ accountId }, { refetchInterval: 3_000 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.topups.history.queryKey({ accountId }) });
  return (
    <>
      <PageHeader
        title="Top-ups"
        description="Buy Ghana data bundles and airtime from here, through the same checks and providers as the API. Test mode uses the sandbox and charges nothing; live draws on your balance."
        actions={
          <div role="group" aria-label="Mode" className="flex gap-1">
            {(["test", "live"] as const).map((m) => (
              <button
                key={m}
                onClick={() => setMode(m)}
                aria-pressed={mode === m}
                className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${mode === m ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300"}`}
              >
                {m === "test" ? "Test (sandbox)" : "Live"}
              </button>
            ))}
          </div>
        }
      />
      {canBuy && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Data bundle (Ghana)">
            <BuyDataForm accountId={accountId} mode={mode} onBought={refresh} />
          </Card>
          <Card title="Airtime">
            <BuyAirtimeForm accountId={accountId} mode={mode} onBought={refresh} />
          </Card>
        </div>
      )}
      <Card title="History" className="mt-6">
        <TopupHistory rows={history.data ?? []} />
      </Card>
    </>
  );
}
