import { DocPage, Code, Table } from "@/components/docs/prose";
import { SCOPE_DESCRIPTIONS } from "@/server/modules/keys/scopes";

export const metadata = { title: "Authentication" };

export default function AuthenticationPage() {
  return (
    <DocPage title="Authentication" lead="Every /api/v1 request carries an API key, except the public coverage list.">
      <Code>{`Authorization: Bearer kasa_live_…      # or, the legacy header:
X-API-Key: kasa_live_…`}</Code>
      <p>
        <strong>Test keys</strong> (<code>kasa_test_…</code>) go to the sandbox: nothing leaves Kasa, nothing is
        charged, rate limits do not apply, and everything else (validation, idempotency, events, webhooks) behaves as
        live. <strong>Live keys</strong> draw on your prepaid balance.
      </p>
      <p>
        A missing, malformed, unknown or revoked key is 401 <code>UNAUTHORIZED</code>; a suspended account is 403{" "}
        <code>ACCOUNT_SUSPENDED</code>; a key without the scope the endpoint needs is 403 <code>FORBIDDEN</code> with{" "}
        <code>required_permission</code> and <code>key_permissions</code>. The key is checked before the body is read.
      </p>
      <h2>Scopes</h2>
      <p>A key has every scope unless you narrow it when you create it.</p>
      <Table
        head={["Scope", "Allows"]}
        rows={Object.entries(SCOPE_DESCRIPTIONS).map(([scope, text]) => [<code key={scope}>{scope}</code>, text])}
      />
      <p>
        Keep live keys on your servers. A key is shown once; revoke it on the API keys page if it leaks, and the next
        request with it is refused.
      </p>
    </DocPage>
  );
}
