// A contacts CSV is the one dashboard RPC argument that may be large (16 MiB, as on the API). Before a byte of it is
// read, the caller must be signed in (an anonymous flood cannot make the server hold files), and each process reads
// and imports one file at a time: memory stays bounded, and two imports cannot hold both of the dashboard's database
// connections while other members wait.
import { TRPC_FILE_PROCEDURES } from "./limits";
import { refusal, trpcPaths } from "./enforce-request-limits";

let reading = false;

/** The file procedure this request calls alone, if it is one. */
export function fileProcedureOf(req: Request): string | undefined {
  const paths = trpcPaths(req);
  return req.method === "POST" && paths.length === 1 && TRPC_FILE_PROCEDURES.has(paths[0]!) ? paths[0] : undefined;
}

/** The way to release the slot once the call is answered, or the refusal to send instead. */
export async function admitFile(signedIn: () => Promise<boolean>): Promise<(() => void) | Response> {
  if (!(await signedIn())) return refusal(401, "UNAUTHORIZED", "Sign in first");
  if (reading) return refusal(503, "SERVICE_UNAVAILABLE", "Another file is being imported here; retry in a moment");
  reading = true;
  return () => {
    reading = false;
  };
}
