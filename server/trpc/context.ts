import { getSessionUser, type SessionUser } from "../auth/session-user";

export type Context = { user: SessionUser | null };

export async function createContext(): Promise<Context> {
  return { user: await getSessionUser() };
}
