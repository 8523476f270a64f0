// Every answer a test receives from /api/v1 is checked against the served
// OpenAPI document (docs/decisions.md, "The document and its tests"): its status must be one the operation lists,
// its body must match that status's schema (the error code included), and a
// mismatch fails the test that received it. One place, used by test/api.ts
// (integration tests) and the e2e request fixture.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { pathTemplate } from "../server/http/path-template";

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

// One validator per process: a process checks against one document (the in-process one, or the served one).
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(document: Document): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // $refs in the document point at #/components/...: register it once under an id they resolve against.
  ajv.addSchema({ $id: "kasa-openapi", components: document.components } as object);
  return ajv;
}

/** Null when the answer is what the document promises; otherwise what is wrong with it. */
export function conformanceProblem(
  document: unknown,
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | null {
  const doc = document as Document;
  const operation = (doc.paths[path] ?? doc.paths[templateOf(doc, path) ?? ""])?.[method.toLowerCase()];
  // Unrouted paths and methods (404, 405) and the document itself have no entry of their own.
  if (!operation) return null;
  const entry = operation.responses[String(status)];
  if (!entry)
    return `${method} ${path} answered ${status}, which its entry does not list (${Object.keys(operation.responses).join(", ")}): ${JSON.stringify(body).slice(0, 300)}`;
  const schema = entry.content?.["application/json"]?.schema;
  if (!schema) return null;
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"kasa-openapi#/components/'));
    validate = validator(doc).compile(resolved);
    compiled.set(key, validate);
  }
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`)
    .join("; ");
  return `${method} ${path} answered ${status} with a body its schema refuses: ${errors}\nbody: ${JSON.stringify(body).slice(0, 600)}`;
}

/** Throws (failing the test) when the answer breaks the document. */
export function assertConforms(document: unknown, method: string, path: string, status: number, body: unknown): void {
  const problem = conformanceProblem(document, method, path, status, body);
  if (problem) throw new Error(`OpenAPI mismatch: ${problem}`);
}

/** The document's path with parameters (`/api/v1/lookup/{phone_number}`) that a concrete path is, if any. */
function templateOf(doc: Document, path: string): string | undefined {
  return Object.keys(doc.paths).find((template) => template.includes("{") && pathTemplate(template).pattern.test(path));
}
