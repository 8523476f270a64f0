import { RequestLogPanel } from "@/components/requests/request-log-panel";
import { retentionDays } from "@/server/config/retention";

export const metadata = { title: "Request log" };

export default async function Page({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return <RequestLogPanel accountId={accountId} keptForDays={retentionDays("KASA_REQUEST_LOG_RETENTION_DAYS")} />;
}
