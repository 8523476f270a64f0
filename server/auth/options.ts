import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { signInWithPassword } from "../modules/users/sign-in-with-password";
import { startSession } from "../modules/users/sessions/start-session";
import { endSessionById } from "../modules/users/sessions/end-sessions";
import { authSecret } from "../config/auth-secret";
import { publishNextAuthUrl } from "../config/public-url";
import { clientAddress } from "./client-address";
import { completeSecondFactor, owesSecondFactor } from "../modules/users/two-factor/second-factor-sign-in";
import { noteNewDevice } from "../modules/users/sessions/note-new-device";

// next-auth builds its callback URLs from NEXTAUTH_URL; derive it from our one setting.
publishNextAuthUrl();

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  // Credentials sign-in requires JWT sessions in next-auth 4.
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        // The second step of a sign-in with a second factor: the challenge, and one proof.
        challenge: { type: "hidden" },
        code: { type: "text" },
        recoveryCode: { type: "text" },
        passkey: { type: "hidden" },
      },
      // Refusals that say something throw: next-auth hands the error's message to the sign-in form (when to retry,
      // or SECOND_FACTOR:<challenge>:<methods> when a password was right and a second factor is owed).
      authorize: async (credentials, req) => {
        const ip = clientAddress(req.headers);
        const agent = req.headers?.["user-agent"];
        const userAgent = typeof agent === "string" ? agent : null;
        if (credentials?.challenge) {
          const user = await completeSecondFactor({ token: credentials.challenge, proof: credentials, ip });
          return { id: user.id, email: user.email, name: user.name, device: user.device };
        }
        const user = await signInWithPassword(credentials, ip);
        if (!user) return null;
        // This direct path serves sign-up and invite forms, for people with no second factor yet; anyone who has one
        // signs in through the form's two steps, and no challenge is handed out here (it would end up in a URL).
        if (await owesSecondFactor(user.id)) throw new Error("Sign in on the sign-in page to give your second factor.");
        return { id: user.id, email: user.email, name: user.name, device: { userAgent, ip } };
      },
    }),
  ],
  callbacks: {
    // A sign-in starts a session row; the JWT names it, and getSessionUser refuses a JWT whose row was ended.
    jwt: async ({ token, user }) => {
      if (user) {
        token.sub = user.id;
        const device = (user as { device?: { userAgent: string | null; ip: string | null } }).device;
        const sessionId = await startSession({ userId: user.id, userAgent: device?.userAgent, ip: device?.ip });
        token.sid = sessionId;
        // A notice is a courtesy: a relay that is down must not stop the sign-in.
        await noteNewDevice({
          userId: user.id,
          sessionId,
          userAgent: device?.userAgent ?? null,
          ip: device?.ip ?? null,
        }).catch(() => false);
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
