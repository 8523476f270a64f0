// The pages of the app, in one list for the e2e sweep (e2e/page-sweep.spec.ts) and the Lighthouse bench.
/** Every page a signed-out visitor can open. */
export const PUBLIC_PAGES = [
  "/",
  "/signin",
  "/signup",
  "/forgot-password",
  "/docs",
  "/docs/authentication",
  "/docs/errors",
  "/docs/rate-limits",
  "/docs/idempotency",
  "/docs/webhooks",
  "/docs/sandbox",
  "/docs/verify",
  "/docs/broadcasts",
  "/docs/coverage",
  "/docs/reference",
  "/reset-password",
  "/verify-email",
];

/** Every page of an account, as a path under /accounts/{id}. */
export const DASHBOARD_PAGES = [
  "",
  "/get-started",
  "/keys",
  "/messages",
  "/domains",
  "/verify",
  "/contacts",
  "/templates",
  "/broadcasts",
  "/webhooks",
  "/topups",
  "/coverage",
  "/requests",
  "/usage",
  "/billing",
  "/team",
  "/audit",
  "/settings",
  "/profile",
];
