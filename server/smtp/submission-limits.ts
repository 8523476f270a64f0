// The SMTP submission service's port and limits (docs/decisions.md, "SMTP relay"), apart from the server so the docs page can say them.

export const SUBMISSION_LIMITS = {
  /** SPEC's 20 MB of attachments, base64-encoded (4/3 larger), plus the text, HTML and headers. */
  maxMessageBytes: 30 * 1024 * 1024,
  /** Sessions at once, all addresses. */
  maxClients: 100,
  /** Messages read and sent at once by one process (each held in memory meanwhile): the rest are told 452, retry. */
  messagesAtOnce: 8,
  /** Sessions at once from one address (a busy app server keeps a pool of a few). */
  maxPerAddress: 20,
  /** A session that says nothing for this long is closed. */
  idleTimeoutMs: 60_000,
  /** No session lasts longer than this, however busy. */
  sessionTimeoutMs: 10 * 60_000,
};
