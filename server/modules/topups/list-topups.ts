import { db } from "../../db/client";
import { topupView } from "./topup-view";

/** The Top-ups page's history: the account's data and airtime purchases, newest first. */
export async function listTopups(input: { accountId: string }) {
  const rows = await db().topup.findMany({
    where: { accountId: input.accountId },
    orderBy: { createdAt: "desc" },
    take: 100,
  });
  return rows.map((t) => ({ ...topupView(t), mode: t.mode }));
}
