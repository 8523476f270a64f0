import { Prefetched } from "@/server/trpc/prefetched";
import { InsightsPanel } from "@/components/insights/insights-panel";
import { insightsQueryInput, readInsightsView } from "@/components/insights/insights-params";

export const metadata = { title: "Insights" };

export default async function InsightsPage({
  params,
  searchParams,
}: {
  params: Promise<{ accountId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { accountId } = await params;
  const view = readInsightsView(await searchParams);
  return (
    <Prefetched queries={(trpc) => [trpc.insights.page.queryOptions(insightsQueryInput(accountId, view))]}>
      <InsightsPanel accountId={accountId} view={view} />
    </Prefetched>
  );
}
