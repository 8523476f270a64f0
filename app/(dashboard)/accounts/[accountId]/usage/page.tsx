import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Usage" };

export default function UsagePage() {
  return <ComingSoon title="Usage" description="Requests per service against your plan's limits." items={["Requests per service per day, charted against limits", "Current minute, day and month counters"]} />;
}
