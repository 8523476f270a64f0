"use client";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { TopUpForm } from "./top-up-form";
import { ThresholdForm } from "./threshold-form";
import { LedgerTable } from "./ledger-table";
import { StatementLinks } from "./statement-links";
import { PaymentsList } from "./payments-list";
import { PaymentConfirmation } from "./payment-confirmation";
import { useSearchParams } from "next/navigation";

export function BillingPanel({ accountId, canPay }: { accountId: string; canPay: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const paymentId = useSearchParams().get("payment");
  const query = useInfiniteQuery(
    trpc.billing.overview.infiniteQueryOptions(
      { accountId },
      { getNextPageParam: (p) => p.nextBeforeId ?? undefined, refetchInterval: 5_000 },
    ),
  );
  const first = query.data?.pages[0];
  const ledger = query.data?.pages.flatMap((p) => p.ledger) ?? [];
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.billing.overview.infiniteQueryKey({ accountId }) });
  return (
    <>
      <PageHeader
        title="Billing"
        description="Your prepaid balance pays for live SMS, email, data and airtime. Every movement of money is a ledger entry: reserved when you send, captured when it goes out, refunded when it fails."
      />
      {paymentId && <PaymentConfirmation accountId={accountId} paymentId={paymentId} />}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Balance">
          <p className="text-3xl font-semibold tabular-nums" data-testid="balance">
            {first ? `${first.balance.toFixed(2)} ${first.currency}` : "…"}
          </p>
          <p className="mt-1 text-xs text-muted">Test keys never draw on it.</p>
        </Card>
        <Card title="Add money" className="lg:col-span-2">
          {canPay ? (
            <TopUpForm accountId={accountId} currency={first?.currency ?? "USD"} />
          ) : (
            <p className="text-sm text-muted">Only the account owner can add money.</p>
          )}
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Low balance alert">
          <ThresholdForm
            accountId={accountId}
            current={first?.lowBalanceThreshold ?? null}
            currency={first?.currency ?? "USD"}
            canEdit={canPay}
            onSaved={refresh}
          />
        </Card>
        <Card title="Statements">
          <StatementLinks accountId={accountId} openedAt={first?.openedAt} />
        </Card>
      </div>
      {first && first.payments.length > 0 && <PaymentsList payments={first.payments} />}
      <Card title="Ledger" className="mt-6">
        <LedgerTable entries={ledger} currency={first?.currency ?? "USD"} />
        {query.hasNextPage && (
          <div className="mt-4 text-center">
            <Button variant="secondary" onClick={() => query.fetchNextPage()}>
              Older entries
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
