import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Request log" };

export default function RequestsPage() {
  return <ComingSoon title="Request log" description="Every /api/v1 request made with this account's keys." items={["Filter by status, error code, path, key and date", "Open a request to see its response and transaction"]} />;
}
