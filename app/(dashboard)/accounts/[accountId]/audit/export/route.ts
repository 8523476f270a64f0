import { accountCsvDownload } from "@/server/auth/account-csv-download";
import { accountAuditCsv, AUDIT_CATEGORIES, type AuditCategory } from "@/server/modules/audit/account-audit-log";

export const dynamic = "force-dynamic";

/** The audit log (with the page's filters) as CSV: owners only. */
export async function GET(request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  return accountCsvDownload(accountId, "owner", async () => {
    const query = new URL(request.url).searchParams;
    const category = query.get("category") || undefined;
    const csv = await accountAuditCsv(accountId, {
      category: AUDIT_CATEGORIES.includes(category as AuditCategory) ? (category as AuditCategory) : undefined,
      actor: query.get("actor") || undefined,
    });
    return { filename: `kasa-audit-${accountId}.csv`, csv };
  });
}
