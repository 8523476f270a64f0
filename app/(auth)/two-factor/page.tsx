import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth/session-user";
import { TwoFactorEnrolment } from "@/components/profile/two-factor-enrolment";

export const metadata = { title: "Set up two-factor authentication" };

/** Where staff without a second factor are sent, and the only page they reach until they enrol. */
export default async function TwoFactorPage() {
  const user = await getSessionUser();
  if (!user) redirect("/signin?callbackUrl=/two-factor");
  return <TwoFactorEnrolment email={user.email} isStaff={user.isStaff} />;
}
