import { db } from "../../db/client";

export type ApiKeySummary = {
  id: string;
  name: string;
  mode: "test" | "live";
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** Active keys first, newest first; revoked keys stay listed for the audit trail. */
export async function listApiKeys(input: { accountId: string }): Promise<ApiKeySummary[]> {
  const rows = await db().apiKey.findMany({
    where: { accountId: input.accountId },
    orderBy: [{ createdAt: "desc" }],
    select: {
      id: true,
      name: true,
      mode: true,
      prefix: true,
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
    },
  });
  return rows.sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null));
}
