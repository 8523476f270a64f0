import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { signInWithPassword } from "../modules/users/sign-in-with-password";
import { startSession } from "../modules/users/sessions/start-session";
import { endSessionById } from "../modules/users/sessions/end-sessions";
import { authSecret } from "../config/auth-secret";
import { publicUrl } from "../config/public-url";
import { clientAddress } from "./client-address";

// next-auth builds its callback URLs from NEXTAUTH_URL; derive it from our one setting.
process.env.NEXTAUTH_URL ??= publicUrl();

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  // Credentials sign-in requires JWT sessions in next-auth 4.
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // A throttled attempt throws: next-auth hands the error's message (when to retry) to the sign-in form.
      authorize: async (credentials, req) => {
        const user = await signInWithPassword(credentials, clientAddress(req.headers));
        if (!user) return null;
        const userAgent = req.headers?.["user-agent"];
        return {
          id: user.id,
          email: user.email,
          name: user.name,
          device: { userAgent: typeof userAgent === "string" ? userAgent : null, ip: clientAddress(req.headers) },
        };
      },
    }),
  ],
  callbacks: {
    // A sign-in starts a session row; the JWT names it, and getSessionUser refuses a JWT whose row was ended.
    jwt: async ({ token, user }) => {
      if (user) {
        token.sub = user.id;
        const device = (user as { device?: { userAgent: string | null; ip: string | null } }).device;
        token.sid = await startSession({ userId: user.id, userAgent: device?.userAgent, ip: device?.ip });
      }
      return token;
    },
    session: ({ session, token }) => {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      if (typeof token.sid === "string") (session as { sid?: string }).sid = token.sid;
      return session;
    },
  },
  events: {
    signOut: async ({ token }) => {
      if (typeof token?.sid === "string") await endSessionById(token.sid);
    },
  },
};
