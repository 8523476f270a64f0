import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Messages" };

export default function MessagesPage() {
  return <ComingSoon title="Messages" description="Every SMS and email sent from this account, with its status and events." items={["Search by recipient, transaction id or tag", "Delivery status and receipts for SMS and email", "Each message's events and webhook deliveries"]} />;
}
