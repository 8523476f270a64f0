import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyCredentials } from "../modules/users/verify-credentials";
import { authSecret } from "../config/auth-secret";
import { publicUrl } from "../config/public-url";

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
      authorize: async (credentials) => {
        const user = await verifyCredentials(credentials);
        return user ? { id: user.id, email: user.email, name: user.name } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (user) token.sub = user.id;
      return token;
    },
    session: ({ session, token }) => {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
};
