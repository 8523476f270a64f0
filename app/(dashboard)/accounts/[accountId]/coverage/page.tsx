import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Coverage" };

export default function CoveragePage() {
  return <ComingSoon title="Coverage" description="Where SMS can go, on which route, and whether sender IDs work there." items={["Searchable country list with dialing codes", "Route per country: africa_local, africa_regional, global", "Sender ID support and price per segment"]} />;
}
