import { StaffSearch } from "@/components/admin/staff-search";

export const metadata = { title: "Search" };

export default async function AdminSearchPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q } = await searchParams;
  return <StaffSearch initial={q ?? ""} />;
}
