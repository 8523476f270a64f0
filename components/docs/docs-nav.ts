/** The developer docs, in reading order. */
export const DOCS_PAGES = [
  { href: "/docs", label: "Quick start" },
  { href: "/docs/authentication", label: "Authentication" },
  { href: "/docs/errors", label: "Errors" },
  { href: "/docs/rate-limits", label: "Rate limits" },
  { href: "/docs/idempotency", label: "Idempotency" },
  { href: "/docs/webhooks", label: "Webhooks" },
  { href: "/docs/sandbox", label: "Sandbox" },
  { href: "/docs/verify", label: "Verify" },
  { href: "/docs/lookup", label: "Number lookup" },
  { href: "/docs/ussd", label: "USSD" },
  { href: "/docs/whatsapp", label: "WhatsApp" },
  { href: "/docs/ghana", label: "Ghana" },
  { href: "/docs/broadcasts", label: "Broadcasts" },
  { href: "/docs/smtp", label: "SMTP relay" },
  { href: "/docs/coverage", label: "Coverage" },
  { href: "/docs/reference", label: "API reference" },
] as const;
