import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata = { title: "Domains & senders" };

export default function DomainsPage() {
  return <ComingSoon title="Domains & senders" description="Verified sender domains for email, and sender IDs and phone numbers for SMS." items={["Add a domain and publish its DKIM, SPF, DMARC and MX records", "Register sender IDs per market", "Verify phone numbers for use as senders"]} />;
}
