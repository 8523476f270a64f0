import { DocPage } from "@/components/docs/prose";
import { openApiDocument } from "@/server/http/openapi/serve-openapi";
import { ApiOperation } from "@/components/docs/api-operation";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { TryItProvider, type TryItAccount } from "@/components/docs/try-it-context";
import { getSessionUser } from "@/server/auth/session-user";
import { listUserAccounts } from "@/server/modules/accounts/list-user-accounts";
import { publicUrl } from "@/server/config/public-url";

export const metadata = { title: "API reference" };
export const dynamic = "force-dynamic";

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: unknown } } } } }>;
};

/** Rendered from the OpenAPI document, the same one served at /api/v1/openapi.json. */
export default async function ReferencePage() {
  const doc = openApiDocument() as unknown as Doc;
  // Signed in: the "Try it" panels call with a test key of one of the reader's accounts.
  const user = await getSessionUser();
  const accounts: TryItAccount[] | null = user
    ? (await listUserAccounts({ userId: user.id })).map((a) => ({
        id: a.id,
        name: a.name,
        canMakeKeys: a.role !== "viewer",
      }))
    : null;
  const groups = new Map<string, [string, string, Record<string, unknown>][]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0]!;
      groups.set(tag, [...(groups.get(tag) ?? []), [method, path, op]]);
    }
  }
  const base = publicUrl();
  const [firstEvent, first] = Object.entries(doc.webhooks)[0]!;
  return (
    <TryItProvider accounts={accounts}>
      <DocPage
        title="API reference"
        lead={
          <>
            Every endpoint, generated from the code that serves it. Machine-readable:{" "}
            <a className="text-brand-700 underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </>
        }
      >
        {[...groups.entries()].map(([tag, ops]) => (
          <section key={tag} aria-label={`${tag} endpoints`}>
            <h2 className="capitalize">{tag}</h2>
            <div className="mt-3 space-y-3">
              {ops.map(([method, path, op]) => (
                <ApiOperation key={`${method} ${path}`} method={method} path={path} op={op} base={base} />
              ))}
            </div>
          </section>
        ))}
        <section id="webhooks" aria-label="Webhook payloads">
          <h2>Webhook payloads</h2>
          <p>
            Each event is POSTed with this body (here <code>{firstEvent}</code>), signed as the{" "}
            <a className="text-brand-700 underline" href="/docs/webhooks">
              webhooks guide
            </a>{" "}
            shows:
          </p>
          <ul className="flex flex-wrap gap-1.5">
            {Object.keys(doc.webhooks).map((e) => (
              <li key={e}>
                <code>{e}</code>
              </li>
            ))}
          </ul>
          <ScrollRegion as="pre" className="overflow-x-auto rounded-md bg-slate-50 p-3 text-xs" label="Request schema">
            {JSON.stringify(first.post.requestBody.content["application/json"].schema, null, 2)}
          </ScrollRegion>
        </section>
      </DocPage>
    </TryItProvider>
  );
}
