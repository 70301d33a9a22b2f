import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { verifyPassword } from "./password";
import { signInSchema } from "./schemas";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string };
  }
}

class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials";
}

// Configured lazily so `next build` never reads secrets or opens the database.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(raw) {
        const parsed = signInSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidCredentials();
        const user = await db.user.findUnique({ where: { email: parsed.data.email } });
        if (!user || !(await verifyPassword(user.passwordHash, parsed.data.password))) throw new InvalidCredentials();
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
