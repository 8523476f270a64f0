import { ERRORS, type ErrorCode, type ErrorDefinition } from "@/server/errors/catalogue";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata = { title: "Error codes" };

const codes = Object.keys(ERRORS) as ErrorCode[];
const client = codes.filter((c) => ERRORS[c].group === "client");
const service = codes.filter((c) => ERRORS[c].group === "service");

/** Generated from the one error catalogue (server/errors/catalogue.ts): every code the API can answer. */
export default function ErrorsPage() {
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-semibold tracking-tight">Error codes</h1>
      <p className="mt-3 text-slate-600">
        Every error answer is{" "}
        <code className="rounded bg-slate-100 px-1">{`{ "success": false, "error": { "code", "message", "docs_url", ...context } }`}</code>
        . Handle errors by <code className="rounded bg-slate-100 px-1">error.code</code>, never by the message. Context
        fields sit beside <code>code</code>. On 429, 502 and 503, back off starting at 1 second and doubling; on 429
        prefer <code>Retry-After</code>; retry a 503 with the same <code>idempotency_key</code>.
      </p>
      <ErrorTable id="client-error-codes" title="Client error codes" codes={client} />
      <ErrorTable id="service-error-codes" title="Service error codes" codes={service} showRetry />
    </div>
  );
}

function ErrorTable({
  id,
  title,
  codes,
  showRetry,
}: {
  id: string;
  title: string;
  codes: ErrorCode[];
  showRetry?: boolean;
}) {
  return (
    <section id={id} className="mt-10 scroll-mt-6">
      <h2 className="text-xl font-semibold">
        <a href={`#${id}`}>{title}</a>
      </h2>
      <ScrollRegion
        className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white"
        label={`${title} codes`}
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-muted">
            <tr>
              <th className="px-4 py-2">Code</th>
              <th className="px-4 py-2">HTTP</th>
              <th className="px-4 py-2">Meaning</th>
              {showRetry && <th className="px-4 py-2">Retry</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {codes.map((code) => {
              const def = ERRORS[code] as ErrorDefinition;
              return (
                <tr key={code} id={code} className="scroll-mt-6 target:bg-amber-50">
                  <td className="px-4 py-2 font-mono text-xs font-semibold">
                    <a href={`#${code}`}>{code}</a>
                  </td>
                  <td className="px-4 py-2 tabular-nums">{statusText(code, def.status)}</td>
                  <td className="px-4 py-2 text-slate-700">
                    {def.message}
                    {def.reasons && (
                      <dl className="mt-1 space-y-0.5 text-xs">
                        {Object.entries(def.reasons).map(([reason, meaning]) => (
                          <div key={reason}>
                            <dt className="inline font-mono font-semibold">{reason}</dt>
                            <dd className="inline">: {meaning}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </td>
                  {showRetry && (
                    <td className="px-4 py-2">
                      {TWO_STATUS.has(code)
                        ? "On 503"
                        : def.retryable === true
                          ? "Yes"
                          : def.retryable
                            ? `Yes, unless it names a ${def.retryable.unlessContext}`
                            : "No"}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

// SPEC 7.4: these answer 400 when the provider refused this request, 503 when it is failing.
const TWO_STATUS = new Set<ErrorCode>(["SMS_SEND_FAILED", "EMAIL_SEND_FAILED", "PURCHASE_FAILED"]);
function statusText(code: ErrorCode, status: number) {
  return TWO_STATUS.has(code) ? "400 or 503" : String(status);
}
