// The dashboard RPC's limits, shared by the server (which refuses past them
// before any work) and the browser client (which never batches past them).

/** Calls in one batched request: a page issues a handful; 1,000 sign-ups in one request is an attack. */
export const TRPC_MAX_BATCH = 10;
/** Bytes of request body: the largest dashboard input (a CSV of sender numbers) is far below this. */
export const TRPC_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The procedures that take a file: called alone (never batched), each may carry up to its own limit. A contacts CSV
 * is the one today: the API's import takes 16 MiB, and the dashboard's takes the same file.
 */
export const TRPC_FILE_PROCEDURES = new Map<string, number>([
  ["contacts.previewImport", 16 * 1024 * 1024],
  ["contacts.import", 16 * 1024 * 1024],
]);
