import { Prefetched } from "@/server/trpc/prefetched";
import { SenderIdQueue } from "@/components/admin/sender-id-queue";
import { staffMetadata } from "@/server/auth/staff-metadata";
import { requireStaffPage } from "@/server/auth/require-staff-page";

export const generateMetadata = () => staffMetadata("Sender IDs");

export default async function AdminSenderIdsPage() {
  await requireStaffPage();
  return (
    <Prefetched queries={(trpc) => [trpc.staff.senderIdQueue.queryOptions()]}>
      <SenderIdQueue />
    </Prefetched>
  );
}
