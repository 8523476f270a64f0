// A contacts CSV is the one dashboard RPC argument that may be large (16 MiB, as on the API). Before a byte of it is
// read, the caller must be signed in (an anonymous flood cannot make the server hold files), and each process reads
// and imports one file at a time: memory stays bounded, and two imports cannot hold both of the dashboard's database
// connections while other members wait.
import { TRPC_FILE_PROCEDURES } from "./limits";

let reading = false;

/** The file procedure this request calls alone, if it is one. */
export function fileProcedureOf(req: Request): string | undefined {
  const path = decodeURIComponent(new URL(req.url).pathname.replace(/^\/api\/trpc\/?/, ""));
  return req.method === "POST" && TRPC_FILE_PROCEDURES.has(path) ? path : undefined;
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

function refusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { message, code: -32600, data: { code, httpStatus: status } } }, { status });
}
