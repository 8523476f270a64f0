import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth/session-user";
import { listUserAccounts } from "@/server/modules/accounts/list-user-accounts";

/** /dashboard: the signed-in person's first account. */
export default async function DashboardPage() {
  const user = await getSessionUser();
  if (!user) redirect("/signin?callbackUrl=/dashboard");
  if (user.isStaff && !user.hasSecondFactor) redirect("/two-factor");
  const [first] = await listUserAccounts({ userId: user.id });
  if (!first) redirect("/signup");
  redirect(`/accounts/${first.id}`);
}
