import { getSessionUser } from "@/server/auth/session-user";
import { requireMembership } from "@/server/modules/accounts/require-membership";
import { ledgerStatementCsv } from "@/server/modules/billing/ledger-statement";
import { isAppError } from "@/server/errors/app-error";

export const dynamic = "force-dynamic";

/** A month's ledger as CSV, for members of the account only (anyone else: 404). */
export async function GET(request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  const { accountId } = await params;
  const user = await getSessionUser();
  // Staff who have not set up a second factor reach nothing but the enrolment page.
  if (!user || (user.isStaff && !user.hasSecondFactor)) return new Response("Not found", { status: 404 });
  try {
    await requireMembership({ userId: user.id, accountId });
    const month = new URL(request.url).searchParams.get("month") ?? new Date().toISOString().slice(0, 7);
    const { filename, csv } = await ledgerStatementCsv({ accountId, month });
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: error.status });
    throw error;
  }
}
