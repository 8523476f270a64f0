import { UssdPanel } from "@/components/ussd/ussd-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";
import { Prefetched } from "@/server/trpc/prefetched";

export const metadata = { title: "USSD" };

// Arrives with its codes and sessions: fetched from the browser, the cards that show them pushed the page down.
export default async function UssdPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return (
    <Prefetched
      queries={(trpc) => [
        ...(role !== "viewer" ? [trpc.ussd.codes.queryOptions({ accountId })] : []),
        trpc.ussd.sessions.queryOptions({ accountId, mode: "test" }),
        trpc.ussd.sessionDays.queryOptions({ accountId, mode: "test" }),
      ]}
    >
      <UssdPanel accountId={accountId} canEdit={role !== "viewer"} />
    </Prefetched>
  );
}
