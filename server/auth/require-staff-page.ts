import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { getSessionUser } from "./session-user";

/** One session lookup per request, however many segments (layout, page, metadata) ask. */
export const sessionUserOnce = cache(getSessionUser);

/**
 * Every /admin layout and page: staff only. Anyone else, signed in or not, sees a 404, never a hint that the
 * console exists; staff without a second factor are sent to enrol first. Each page calls it too, not only the
 * layout: Next renders a page beside its layout, and a page that did not check would stream its components (and
 * their chunks) into the 404.
 */
export async function requireStaffPage() {
  const user = await sessionUserOnce();
  if (!user?.isStaff) notFound();
  if (!user.hasSecondFactor) redirect("/two-factor");
  return user;
}
