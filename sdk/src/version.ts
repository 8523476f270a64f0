/** Sent in User-Agent, so the request log tells SDK traffic from hand-written clients; a test keeps it equal to package.json's. */
export const SDK_VERSION = "0.1.0";
