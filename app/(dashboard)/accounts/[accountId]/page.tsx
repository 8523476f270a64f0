import { Prefetched } from "@/server/trpc/prefetched";
import { AccountOverview } from "@/components/overview/account-overview";

export const metadata = { title: "Overview" };

// Arrives with its data (docs/decisions.md, "Accessibility and pages"): the page waits for these three answers
// before it shows anything, and fetched from the browser they made its largest paint 3.2 s on a throttled phone.
export default async function OverviewPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return (
    <Prefetched
      queries={(trpc) => [
        trpc.account.overview.queryOptions({ accountId }),
        trpc.account.activity.queryOptions({ accountId }),
        trpc.onboarding.checklist.queryOptions({ accountId }),
      ]}
    >
      <AccountOverview accountId={accountId} />
    </Prefetched>
  );
}
