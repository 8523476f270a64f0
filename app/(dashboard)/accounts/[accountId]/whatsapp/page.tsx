import { WhatsappPanel } from "@/components/whatsapp/whatsapp-panel";
import { requireAccountPage } from "@/server/auth/require-account-page";
import { Prefetched } from "@/server/trpc/prefetched";

export const metadata = { title: "WhatsApp" };

// Arrives with its numbers: fetched from the browser, the list would push the form down as it came.
export default async function WhatsappPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return (
    <Prefetched queries={(trpc) => [trpc.whatsapp.numbers.queryOptions({ accountId })]}>
      <WhatsappPanel accountId={accountId} canEdit={role !== "viewer"} />
    </Prefetched>
  );
}
