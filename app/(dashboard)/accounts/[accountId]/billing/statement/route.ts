import { accountCsvDownload } from "@/server/auth/account-csv-download";
import { ledgerStatementCsv } from "@/server/modules/billing/ledger-statement";

export const dynamic = "force-dynamic";

/** A month's ledger as CSV, for members of the account only. */
export async function GET(request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return accountCsvDownload(accountId, "viewer", () =>
    ledgerStatementCsv({
      accountId,
      month: new URL(request.url).searchParams.get("month") ?? new Date().toISOString().slice(0, 7),
    }),
  );
}
