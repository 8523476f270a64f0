import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { topupView } from "./topup-view";

/** GET /api/v1/{data,airtime}/status: another account's id (or the other kind's) gets the same NOT_FOUND as an unknown one. */
export async function getTopupStatus({
  input,
  caller,
  kind,
}: {
  input: { transaction_id: string };
  caller: Pick<ApiCaller, "accountId" | "mode">;
  kind: "data" | "airtime";
}) {
  const topup = await db().topup.findFirst({
    where: { id: input.transaction_id, accountId: caller.accountId, mode: caller.mode, kind },
  });
  if (!topup) throw new AppError("NOT_FOUND", { message: `No ${kind} transaction ${input.transaction_id}` });
  const events = await db().event.findMany({
    where: { transactionId: topup.id },
    orderBy: { id: "asc" },
    select: { event: true, createdAt: true },
  });
  return {
    ...topupView(topup),
    history: [
      { status: "pending", at: topup.createdAt.toISOString() },
      ...events.map((e) => ({ event: e.event, at: e.createdAt.toISOString() })),
    ],
  };
}
