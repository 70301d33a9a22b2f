import "server-only";
import type { NextAuthConfig } from "next-auth";
import { endSession, startSession } from "./sessions";

declare module "@auth/core/types" {
  interface Session {
    /** The UserSession row behind this session; lib/auth/current-user checks it on every request. */
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sid?: string;
  }
}

// next-auth's callbacks and events that tie its JWT to a UserSession row. Kept apart from the
// NextAuth() call (lib/auth/auth.ts) so integration tests run them without Next's runtime.
export const sessionCallbacks = {
  async jwt({ token, user }) {
    // `user` is set only at sign-in: each sign-in is a new session row the token points to.
    if (user?.id) {
      token.sub = user.id;
      token.sid = await startSession(user.id);
    }
    return token;
  },
  session({ session, token }) {
    if (token.sub) session.user.id = token.sub;
    session.sessionId = token.sid;
    return session;
  },
} satisfies NextAuthConfig["callbacks"];

export const sessionEvents = {
  // Both the studio's sign-out button and a direct POST to /api/auth/signout end up here.
  async signOut(message) {
    const sid = "token" in message ? message.token?.sid : undefined;
    if (sid) await endSession(sid);
  },
} satisfies NextAuthConfig["events"];
