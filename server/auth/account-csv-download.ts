import { getSessionUser } from "./session-user";
import { requireMembership, type Role } from "../modules/accounts/require-membership";
import { isAppError } from "../errors/app-error";

/**
 * A CSV download of one account (a statement, the audit log, consent records: large ones streamed): a member with
 * at least `atLeast` gets the file; anyone else who is not a member, and staff
 * who have not set up a second factor, get 404; a bad input gets its error's
 * status and message.
 */
export async function accountCsvDownload(
  accountId: string,
  atLeast: Role,
  build: () => Promise<{ filename: string; csv: string | ReadableStream<Uint8Array> }>,
): Promise<Response> {
  const user = await getSessionUser();
  if (!user || (user.isStaff && !user.hasSecondFactor)) return new Response("Not found", { status: 404 });
  try {
    await requireMembership({ userId: user.id, accountId, atLeast });
    const { filename, csv } = await build();
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
