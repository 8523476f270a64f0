import { notFound, redirect } from "next/navigation";
import { getSessionUser } from "./session-user";

/**
 * Every /admin page: staff only. Anyone else, signed in or not, sees a 404,
 * never a hint that the console exists; staff without a second factor are
 * sent to enrol first.
 */
export async function requireStaffPage() {
  const user = await getSessionUser();
  if (!user?.isStaff) notFound();
  if (!user.hasSecondFactor) redirect("/two-factor");
  return user;
}
