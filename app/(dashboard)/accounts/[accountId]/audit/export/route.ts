import { getSessionUser } from "@/server/auth/session-user";
import { requireMembership } from "@/server/modules/accounts/require-membership";
import { accountAuditCsv, AUDIT_CATEGORIES, type AuditCategory } from "@/server/modules/audit/account-audit-log";
import { isAppError } from "@/server/errors/app-error";

export const dynamic = "force-dynamic";

/** The audit log (with the page's filters) as CSV: owners only; anyone else who is not a member gets 404. */
export async function GET(request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const user = await getSessionUser();
  // Staff who have not set up a second factor reach nothing but the enrolment page.
  if (!user || (user.isStaff && !user.hasSecondFactor)) return new Response("Not found", { status: 404 });
  try {
    await requireMembership({ userId: user.id, accountId, atLeast: "owner" });
    const query = new URL(request.url).searchParams;
    const category = query.get("category") || undefined;
    const csv = await accountAuditCsv(accountId, {
      category: AUDIT_CATEGORIES.includes(category as AuditCategory) ? (category as AuditCategory) : undefined,
      actor: query.get("actor") || undefined,
    });
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="kasa-audit-${accountId}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: error.status });
    throw error;
  }
}
