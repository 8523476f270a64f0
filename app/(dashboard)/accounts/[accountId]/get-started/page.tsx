import { WelcomeStep } from "@/components/onboarding/welcome-step";
import { requireAccountPage } from "@/server/auth/require-account-page";
import { publicUrl } from "@/server/config/public-url";

export const metadata = { title: "Get started" };

/** Where sign-up lands (docs/decisions.md, "First run and the Overview"): the new test key once, a curl for this deployment, and a test SMS to watch. */
export default async function GetStartedPage({ params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const { role } = await requireAccountPage(accountId);
  return <WelcomeStep accountId={accountId} baseUrl={publicUrl()} canCreateKeys={role !== "viewer"} />;
}
