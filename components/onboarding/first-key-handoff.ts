// The test key made at sign-up (or with a new account) travels to the welcome step in this tab's sessionStorage,
// never in a URL or a cookie: it survives a reload of the welcome step (which once lost it, so people made a key
// per reload) and is gone when the tab closes. Test keys only: they reach the sandbox and nothing is charged, and
// Kasa itself keeps only a hash (docs/decisions.md, "First run and the Overview").
const slot = (accountId: string) => `kasa:welcome-test-key:${accountId}`;

export function handOffFirstKey(accountId: string, key: string): void {
  if (!key.startsWith("kasa_test_")) return;
  sessionStorage.setItem(slot(accountId), key);
}

/** The key, if it was made for this account in this tab; null otherwise. Browser only. */
export function firstKeyOf(accountId: string): string | null {
  return sessionStorage.getItem(slot(accountId));
}
