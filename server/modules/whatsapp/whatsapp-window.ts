// Meta's customer service window (docs/research/whatsapp.md, section 6): a person's message to a number opens 24
// hours in which that number may send them free-form messages (text, media); outside it, only templates.
import { db } from "../../db/client";

export const WINDOW_HOURS = 24;

export type WindowState = { open: boolean; closesAt: Date | null };

/** Whether `numberId` may send `contact` a free-form message now, and when the window closes (or closed). */
export async function customerServiceWindow(numberId: string, contact: string, now = new Date()): Promise<WindowState> {
  const row = await db().whatsappContact.findUnique({
    where: { numberId_contact: { numberId, contact } },
    select: { lastInboundAt: true },
  });
  if (!row) return { open: false, closesAt: null };
  const closesAt = windowClosesAt(row.lastInboundAt);
  return { open: closesAt > now, closesAt };
}

/** When the window a person's last message opened closes. */
export function windowClosesAt(lastInboundAt: Date): Date {
  return new Date(lastInboundAt.getTime() + WINDOW_HOURS * 3_600_000);
}
