import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <ComingSoon title="Webhooks" description="Signed event notifications to your HTTPS endpoint." items={["Register your endpoint and pick events", "Delivery log with attempts, response codes and latency", "Send a test event, replay deliveries"]} />;
}
