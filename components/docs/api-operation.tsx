import { constraintsOf, type FieldSchema } from "./field-constraints";
import { curlExample, exampleInput, operationFields, pythonExample, sdkExample } from "./operation-examples";
import { CodeSamples } from "./code-samples";
import { TryIt } from "./try-it";
import { typeOf, type TypedSchema } from "./type-label";

const METHOD_TONE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-brand-100 text-brand-800",
  delete: "bg-red-100 text-red-800",
};

type Schema = FieldSchema &
  TypedSchema & {
    properties?: Record<string, Schema & { description?: string }>;
    required?: string[];
    enum?: unknown[];
    items?: Schema;
    description?: string;
  };
type Op = {
  summary?: string;
  parameters?: { name: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<
    string,
    { description: string; content?: { "application/json": { schema: { properties?: { data?: Schema } } } } }
  >;
  security?: unknown[];
  description?: string;
  "x-required-scope"?: string;
};

/** One endpoint of the reference: what it takes, what it answers, and which codes it can fail with. */
export function ApiOperation({
  method,
  path,
  op: raw,
  base,
}: {
  method: string;
  path: string;
  op: Record<string, unknown>;
  /** This deployment's address, for the examples. */
  base: string;
}) {
  const op = raw as unknown as Op;
  const success = Object.entries(op.responses).find(([s]) => s.startsWith("2"))!;
  const errors = Object.entries(op.responses).filter(([s]) => !s.startsWith("2"));
  const fields = operationFields(op);
  const example = exampleInput(method, path, fields);
  const data = success[1].content?.["application/json"].schema.properties?.data;
  return (
    <details className="rounded-lg border border-slate-200 bg-white" data-testid="api-operation">
      <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3">
        <span
          className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_TONE[method] ?? "bg-slate-100"}`}
        >
          {method}
        </span>
        <code className="font-mono text-sm">{path}</code>
        <span className="text-sm text-slate-600">{op.summary}</span>
      </summary>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3 text-xs">
        <p className="text-muted">
          {op.security && op.security.length === 0
            ? "No key needed."
            : `API key${op["x-required-scope"] ? ` with scope ${op["x-required-scope"]}` : ""}.`}{" "}
          Success: {success[0]}.
        </p>
        {/* The operation's rules, one paragraph each: the one-of rule, what depends on data, the body's limit. */}
        {op.description?.split("\n\n").map((rule) => (
          <p key={rule} className="text-slate-700" data-testid="operation-rule">
            {rule}
          </p>
        ))}
        {fields.length > 0 && (
          <>
            <table className="hidden w-full sm:table">
              <thead className="text-left text-muted">
                <tr>
                  <th className="py-1 pr-3">{op.parameters ? "Query" : "Body"}</th>
                  <th className="pr-3">Type</th>
                  <th className="pr-3">Required</th>
                  <th className="pr-3">Rules</th>
                  <th>Notes</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f.name} className="border-t border-slate-100 align-top">
                    <td className="py-1 pr-3 font-mono">{f.name}</td>
                    <td className="pr-3">{typeOf(f.schema)}</td>
                    <td className="pr-3">{f.required ? "yes" : ""}</td>
                    <td className="pr-3 [overflow-wrap:anywhere]" data-testid="field-rules">
                      {constraintsOf(f.schema).join("; ")}
                    </td>
                    <td className="text-muted">{f.schema.description ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* On a phone each field is a block of its own: five columns do not fit 340 px. */}
            <dl className="space-y-2 sm:hidden">
              {fields.map((f) => (
                <div key={f.name} className="border-t border-slate-100 pt-2">
                  <dt className="font-mono">
                    {f.name} <span className="font-sans text-muted">{typeOf(f.schema)}</span>
                    {f.required && <span className="font-sans text-muted">, required</span>}
                  </dt>
                  <dd className="[overflow-wrap:anywhere]">{constraintsOf(f.schema).join("; ")}</dd>
                  {f.schema.description && <dd className="text-muted">{f.schema.description}</dd>}
                </div>
              ))}
            </dl>
          </>
        )}
        {data?.properties && (
          <div>
            <p className="font-semibold">Response: {"{ data }"}</p>
            <ul className="mt-1 grid gap-x-4 gap-y-0.5 sm:grid-cols-2" data-testid="response-fields">
              {Object.entries(data.properties).map(([name, field]) => (
                <li key={name} className="[overflow-wrap:anywhere]">
                  <span className="font-mono">{name}</span> <span className="text-muted">{typeOf(field)}</span>
                  {field.description && <span className="text-muted">: {field.description}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <CodeSamples
          label={`${method.toUpperCase()} ${path}`}
          samples={{
            curl: curlExample(base, method, path, example),
            sdk: sdkExample(method, path, example),
            python: pythonExample(base, method, path, example),
          }}
        />
        <div>
          <p className="font-semibold">Try it</p>
          <TryIt method={method} path={path} example={example} scope={op["x-required-scope"]} />
        </div>
        <p>
          <span className="font-semibold">Errors:</span>{" "}
          {errors.map(([status, r]) => (
            <span key={status} className="mr-2 inline-block">
              <span className="font-mono">{status}</span>{" "}
              {r.description
                .split("\n\n")
                .map((d) => d.split(":")[0])
                .join(", ")}
            </span>
          ))}
        </p>
      </div>
    </details>
  );
}
