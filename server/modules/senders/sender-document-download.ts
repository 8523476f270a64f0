// A sender ID's supporting document, for the two who may read it (docs/decisions.md, "Networks and lookup"): a member
// of the account that sent it, and staff with a second factor (who decide on it). Anyone else, and an id that does
// not exist, get the same NOT_FOUND. It is served as an attachment whose type is the one its bytes were checked to be,
// never rendered by the browser in Kasa's origin.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { requireMembership } from "../accounts/require-membership";

export async function senderDocumentDownload(input: {
  documentId: string;
  user: { id: string; isStaff: boolean; hasSecondFactor: boolean };
}) {
  const document = await db().senderIdDocument.findUnique({
    where: { id: input.documentId },
    select: { filename: true, contentType: true, content: true, senderId: { select: { accountId: true } } },
  });
  if (!document) throw new AppError("NOT_FOUND", { message: "Document not found" });
  if (!(input.user.isStaff && input.user.hasSecondFactor))
    await requireMembership({ userId: input.user.id, accountId: document.senderId.accountId });
  return { filename: document.filename, contentType: document.contentType, content: document.content };
}
