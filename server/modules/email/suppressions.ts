import { db } from "../../db/client";
import { SANDBOX_EMAIL } from "../../providers/email";

/** Which of these addresses the account must not mail (hard bounces, complaints, by hand). */
export async function suppressedAmong({
  accountId,
  addresses,
  mode = "live",
}: {
  accountId: string;
  addresses: string[];
  mode?: "test" | "live";
}): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db().suppression.findMany({
    where: { accountId, address: { in: addresses.map((a) => a.toLowerCase()) } },
    select: { address: true },
  });
  const found = new Set(rows.map((r) => r.address));
  // The sandbox's always-suppressed address, so the branch can be tried without bouncing first.
  if (mode === "test" && addresses.includes(SANDBOX_EMAIL.suppressed)) found.add(SANDBOX_EMAIL.suppressed);
  return found;
}

export async function listSuppressions(input: { accountId: string }) {
  return db().suppression.findMany({
    where: { accountId: input.accountId },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
}

export async function removeSuppression(input: { accountId: string; address: string }): Promise<boolean> {
  const { count } = await db().suppression.deleteMany({
    where: { accountId: input.accountId, address: input.address.toLowerCase() },
  });
  return count > 0;
}
