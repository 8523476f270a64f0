// `npm run generate` (in sdk/): writes src/generated/openapi.ts from this
// checkout's endpoints, or, given a deployment's address, from the document it
// serves (to check the SDK against what is actually running).
//   npx tsx sdk/scripts/generate.ts [https://kasa.example.com]
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GENERATED_FILE, localDocument, openApiTypes, RETRYABLE_FILE, retryableCodes } from "./openapi-types";

async function remoteDocument(address: string): Promise<Record<string, unknown>> {
  const url = address.endsWith(".json") ? address : `${address.replace(/\/+$/, "")}/api/v1/openapi.json`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const address = process.argv[2];
const document = address ? await remoteDocument(address) : localDocument();
writeFileSync(GENERATED_FILE, await openApiTypes(document));
writeFileSync(RETRYABLE_FILE, retryableCodes(document));
console.log(`wrote ${fileURLToPath(GENERATED_FILE)} from ${address ?? "this checkout's endpoints"}`);
// The server modules it imported keep timers and pools open; the file is written.
process.exit(0);
