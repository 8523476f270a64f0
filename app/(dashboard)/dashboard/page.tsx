import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth/session-user";
import { listUserAccounts } from "@/server/modules/accounts/list-user-accounts";

/**
 * /dashboard, where every sign-in lands: the person's first account; with none,
 * the staff console for staff and a page to create or join one for anyone else
 * (never /signup, which sends a signed-in person back here).
 */
export default async function DashboardPage() {
  const user = await getSessionUser();
  if (!user) redirect("/signin?callbackUrl=/dashboard");
  if (user.isStaff && !user.hasSecondFactor) redirect("/two-factor");
  const [first] = await listUserAccounts({ userId: user.id });
  if (first) redirect(`/accounts/${first.id}`);
  redirect(user.isStaff ? "/admin" : "/welcome");
}
