import { notFound, redirect } from "next/navigation";
import { getSessionUser } from "./session-user";
import { requireMembership } from "../modules/accounts/require-membership";
import { isAppError } from "../errors/app-error";

/**
 * The check every dashboard page runs on the server: signed in, and a member
 * of the account in the URL. Anyone else sees a 404, never the account.
 */
export async function requireAccountPage(accountId: string) {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(`/accounts/${accountId}`)}`);
  if (user.isStaff && !user.hasSecondFactor) redirect("/two-factor");
  try {
    const { role } = await requireMembership({ userId: user.id, accountId });
    return { user, role };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
