// The <title> of a staff console page, for staff only. Anyone else gets the
// site's plain 404 (requireStaffPage), and its plain title with it: a staff
// layout's or page's own title would tell them the console exists.
import type { Metadata } from "next";
import { sessionUserOnce as sessionUser } from "./require-staff-page";

export async function staffMetadata(title?: string): Promise<Metadata> {
  const user = await sessionUser();
  if (!user?.isStaff) return {};
  return { title: { absolute: title ? `${title} · Staff console · Kasa` : "Staff console · Kasa" } };
}
