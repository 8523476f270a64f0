// The test key made at sign-up travels from the sign-up form to the welcome step in this module's memory, across
// one client-side navigation: never in a URL, a cookie or browser storage, and gone once read or on a reload.
let pending: { accountId: string; key: string } | null = null;

export function handOffFirstKey(accountId: string, key: string): void {
  pending = { accountId, key };
}

/** The key, if it was made for this account in this tab and not yet forgotten. */
export function firstKeyOf(accountId: string): string | null {
  return pending?.accountId === accountId ? pending.key : null;
}

/** Called once the welcome step holds the key: a reload or a later visit finds nothing. */
export function forgetFirstKey(): void {
  pending = null;
}
