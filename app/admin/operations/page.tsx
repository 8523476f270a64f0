import { Prefetched } from "@/server/trpc/prefetched";
import { OperationsView } from "@/components/admin/operations-view";
import { staffMetadata } from "@/server/auth/staff-metadata";
import { requireStaffPage } from "@/server/auth/require-staff-page";

export const generateMetadata = () => staffMetadata("Operations");

export default async function AdminOperationsPage() {
  await requireStaffPage();
  return (
    <Prefetched queries={(trpc) => [trpc.staff.operations.queryOptions(), trpc.staff.carriersByNetwork.queryOptions()]}>
      <OperationsView />
    </Prefetched>
  );
}
