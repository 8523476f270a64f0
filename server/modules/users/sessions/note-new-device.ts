// A sign-in from a device this person has not signed in from before (a
// browser not seen in their sessions) is worth knowing about: they get a
// notice by mail, and each of their accounts' audit logs shows it. The very
// first sign-in after sign-up is not news.
import { db } from "../../../db/client";
import { recordAudit } from "../../audit/record-audit";
import { claimMailSlot } from "../../system-mail/mail-throttle";
import { sendSystemMail } from "../../system-mail/send-system-mail";
import { deviceName } from "../../../lib/device-name";

export async function noteNewDevice(input: {
  userId: string;
  sessionId: string;
  userAgent: string | null;
  ip: string | null;
}): Promise<boolean> {
  const ua = input.userAgent?.slice(0, 300) ?? null;
  const [earlier, seen] = await Promise.all([
    db().userSession.count({ where: { userId: input.userId, id: { not: input.sessionId } } }),
    db().userSession.count({ where: { userId: input.userId, id: { not: input.sessionId }, userAgent: ua } }),
  ]);
  if (earlier === 0 || seen > 0) return false;
  const user = await db().user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { email: true, memberships: { select: { accountId: true } } },
  });
  const device = deviceName(ua);
  for (const m of user.memberships)
    await recordAudit({
      actor: input.userId,
      action: "user.signed_in_new_device",
      accountId: m.accountId,
      target: input.sessionId,
      data: { email: user.email, device, ip: input.ip },
    });
  if ((await claimMailSlot("new_device", { recipient: user.email })).ok)
    await sendSystemMail({
      to: user.email,
      subject: "New sign-in to your Kasa account",
      lines: [
        `Someone signed in to Kasa as ${user.email} from ${device}${input.ip ? ` (${input.ip})` : ""} at ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.`,
        "If this was you, there is nothing to do. If not, reset your password and sign out everywhere from your Profile page.",
      ],
    });
  return true;
}
