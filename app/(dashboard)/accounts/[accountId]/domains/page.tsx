import { Prefetched } from "@/server/trpc/prefetched";
import { DomainsPanel } from "@/components/domains/domains-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";

export const metadata = { title: "Domains & senders" };

export default async function DomainsPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return (
    <Prefetched
      queries={(trpc) => [
        trpc.domains.list.queryOptions({ accountId }),
        trpc.suppressions.list.queryOptions({ accountId }),
        trpc.senders.list.queryOptions({ accountId }),
        trpc.senders.markets.queryOptions({ accountId }),
      ]}
    >
      <DomainsPanel accountId={accountId} canManage={role !== "viewer"} />
    </Prefetched>
  );
}
