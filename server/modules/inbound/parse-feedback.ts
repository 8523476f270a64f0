// RFC 5965 (ARF) feedback reports: a mailbox provider telling us a recipient
// marked a message as spam. The machine-readable part has "Feedback-Type:"
// and usually "Original-Rcpt-To:"; the original message's headers follow.
export type FeedbackReport = { type: string; recipient: string | null };

export function parseFeedbackReport(text: string): FeedbackReport | null {
  const type = /^Feedback-Type:\s*(\S+)/im.exec(text)?.[1];
  if (!type) return null;
  const recipient =
    /^Original-Rcpt-To:\s*<?([^>\s]+)>?/im.exec(text)?.[1] ??
    /^To:\s*(?:.*<)?([^<>\s]+@[^<>\s]+)>?/im.exec(text)?.[1] ??
    null;
  return { type: type.toLowerCase(), recipient: recipient?.toLowerCase() ?? null };
}
