import { RequestLogPanel } from "@/components/requests/request-log-panel";

export const metadata = { title: "Request log" };

export default async function Page({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return <RequestLogPanel accountId={accountId} />;
}
