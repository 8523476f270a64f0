import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

export async function setAccountStatus(input: { accountId: string; status: "active" | "suspended" }) {
  const found = await db().account.findUnique({ where: { id: input.accountId }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", { message: `No account ${input.accountId}` });
  const account = await db().account.update({ where: { id: input.accountId }, data: { status: input.status } });
  return { id: account.id, status: account.status };
}
