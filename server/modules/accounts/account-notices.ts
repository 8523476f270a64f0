import { db } from "../../db/client";

export type AccountNotice = { id: string; tone: "red" | "amber"; text: string; href: string; action: string };

/**
 * What the account's owner must know on every dashboard page: today, a
 * webhook endpoint we turned off (after 5 days of failures or a 410).
 * Low balance and the like join here as they land.
 */
export async function accountNotices(accountId: string): Promise<AccountNotice[]> {
  const endpoint = await db().webhookEndpoint.findUnique({
    where: { accountId },
    select: { active: true, url: true, disabledReason: true, disabledAt: true },
  });
  const notices: AccountNotice[] = [];
  if (endpoint && !endpoint.active) {
    const when = endpoint.disabledAt
      ? ` on ${endpoint.disabledAt.toISOString().slice(0, 16).replace("T", " ")} UTC`
      : "";
    notices.push({
      id: "webhook-disabled",
      tone: "red",
      href: `/accounts/${accountId}/webhooks`,
      action: "Fix the endpoint",
      text: `Webhooks are off: we disabled ${endpoint.url}${when}. ${endpoint.disabledReason ?? ""}. Save the endpoint again to turn it back on; no event is lost, and failed deliveries can be replayed.`,
    });
  }
  return notices;
}
