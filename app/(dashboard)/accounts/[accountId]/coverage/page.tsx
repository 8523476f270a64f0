import { Prefetched } from "@/server/trpc/prefetched";
import { CoverageBrowser } from "@/components/coverage/coverage-browser";
import { worldShapes } from "@/components/coverage/world-map-geometry";

export const metadata = { title: "Coverage" };

export default async function Page({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return (
    <Prefetched queries={(trpc) => [trpc.coverage.list.queryOptions({ accountId })]}>
      <CoverageBrowser accountId={accountId} shapes={worldShapes()} />
    </Prefetched>
  );
}
