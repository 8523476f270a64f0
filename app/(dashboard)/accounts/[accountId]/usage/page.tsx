import { Prefetched } from "@/server/trpc/prefetched";
import { UsagePanel } from "@/components/usage/usage-panel";

export const metadata = { title: "Usage" };

export default async function Page({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return (
    <Prefetched queries={(trpc) => [trpc.usage.get.queryOptions({ accountId })]}>
      <UsagePanel accountId={accountId} />
    </Prefetched>
  );
}
