import { getSessionUser } from "../auth/session-user";
import type { SessionUser } from "../auth/load-session-user";
import { clientAddress } from "../auth/client-address";

export type Context = { user: SessionUser | null; ip?: string | null; userAgent?: string | null };

export async function createContext(opts?: { req: Request }): Promise<Context> {
  return {
    user: await getSessionUser(),
    ip: clientAddress(opts?.req.headers),
    userAgent: opts?.req.headers.get("user-agent") ?? null,
  };
}
