import { getSessionUser } from "@/server/auth/session-user";
import { isAppError } from "@/server/errors/app-error";
import { senderDocumentDownload } from "@/server/modules/senders/sender-document-download";

export const dynamic = "force-dynamic";

/** A sender ID's document: the account's members and staff only, as a download (never inline, never sniffed). */
export async function GET(_request: Request, { params }: { params: Promise<{ documentId: string }> }) {
  const user = await getSessionUser();
  if (!user) return new Response("Not found", { status: 404 });
  try {
    const { documentId } = await params;
    const document = await senderDocumentDownload({ documentId, user });
    return new Response(new Uint8Array(document.content), {
      headers: {
        "content-type": document.contentType,
        "content-disposition": `attachment; filename="${document.filename.replace(/"/g, "")}"`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (isAppError(error)) return new Response("Not found", { status: 404 });
    throw error;
  }
}
