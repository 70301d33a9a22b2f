import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/security/client-ip";
import { authLogger } from "./auth-logger";
import { tooManySignInAttempts } from "./messages";
import { sessionCallbacks, sessionEvents } from "./session-callbacks";
import { AccountDisabled, InvalidCredentials, SignInThrottled } from "./sign-in-errors";
import { authenticate } from "./sign-in";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string };
  }
}

// Lets the credentials callback route answer a throttled attempt itself (see handlers.POST):
// authorize() runs inside the route's call, so it can leave the wait time here.
const throttledAttempt = new AsyncLocalStorage<{ retryAfterSeconds?: number }>();

function authConfig(): NextAuthConfig {
  return {
    secret: env().AUTH_SECRET,
    trustHost: true,
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    logger: authLogger,
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        // The limits live here, not in the sign-in form's action, so a direct POST to
        // /api/auth/callback/credentials meets them too.
        async authorize(raw, request) {
          const result = await authenticate(raw, clientAddress(request.headers));
          if (result.ok) return result.user;
          if (result.reason === "throttled") {
            const store = throttledAttempt.getStore();
            if (store) store.retryAfterSeconds = result.retryAfterSeconds;
            throw new SignInThrottled(result.retryAfterSeconds);
          }
          throw result.reason === "disabled" ? new AccountDisabled() : new InvalidCredentials();
        },
      }),
    ],
    callbacks: sessionCallbacks,
    events: sessionEvents,
  };
}

// Configured lazily so `next build` never reads secrets or opens the database.
const nextAuth = NextAuth(() => authConfig());

export const { auth, signIn, signOut } = nextAuth;

export const handlers = {
  GET: nextAuth.handlers.GET,
  // A throttled POST to the credentials callback would otherwise be a redirect to the sign-in page;
  // a script gets a 429 with Retry-After instead.
  async POST(request: NextRequest): Promise<Response> {
    const outcome: { retryAfterSeconds?: number } = {};
    const response = await throttledAttempt.run(outcome, () => nextAuth.handlers.POST(request));
    if (outcome.retryAfterSeconds === undefined) return response;
    const seconds = outcome.retryAfterSeconds;
    return Response.json(
      { error: { code: "rate_limited", message: tooManySignInAttempts(seconds), retryAfterSeconds: seconds } },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  },
};
