// The name an account gets when sign-up leaves it out: the company a work
// address names ("ama@acme-foods.com" -> "Acme Foods"), or "Personal account"
// for a mailbox provider's address, never a fragment of someone's address
// ("second's account"). It can be changed on the Settings page.
const MAILBOX_PROVIDERS = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "example.com",
]);

export function defaultAccountName(email: string): string {
  const domain = email.split("@")[1]?.toLowerCase() ?? "";
  if (!domain || MAILBOX_PROVIDERS.has(domain)) return "Personal account";
  const label = domain.split(".")[0]!;
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}
