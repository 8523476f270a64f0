import { StaffSearch } from "@/components/admin/staff-search";
import { staffMetadata } from "@/server/auth/staff-metadata";
import { requireStaffPage } from "@/server/auth/require-staff-page";

export const generateMetadata = () => staffMetadata("Search");

export default async function AdminSearchPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  await requireStaffPage();
  const { q } = await searchParams;
  return <StaffSearch initial={q ?? ""} />;
}
