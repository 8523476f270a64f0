import { StaffSearch } from "@/components/admin/staff-search";
import { staffMetadata } from "@/server/auth/staff-metadata";

export const generateMetadata = () => staffMetadata("Search");

export default async function AdminSearchPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q } = await searchParams;
  return <StaffSearch initial={q ?? ""} />;
}
