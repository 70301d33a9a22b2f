import "server-only";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import { readSessionToken } from "./session-token";
import { sessionUser } from "./sessions";
import { requestToken } from "./token-request";
import type { CurrentUser, SessionUser } from "./types";

export type { CurrentUser, SessionUser } from "./types";

// The JWT only names a session row; the row, the user's role, status and memberships are read
// fresh (in one query) so a signed-out, disabled, demoted or deleted account loses access at once.
// cache() makes the layout, the page and its helpers share that one read within a request. A request
// with a personal access token was authenticated by route() (lib/access-tokens) as freshly, and its
// cookies, if any, are never read.
export const currentUser = cache(async (): Promise<CurrentUser | null> => {
  const viaToken = requestToken();
  if (viaToken) return viaToken.user;
  const token = await readSessionToken();
  const user = await sessionUser(token?.sessionId);
  // A session row always belongs to the user the token was issued to; anything else is not ours.
  return user && user.id === token?.userId ? user : null;
});

/**
 * When the request's session cookie (or its token) stops being accepted, for answers that outlive the
 * request's check (a job stream ends then); null when it states none.
 */
export async function sessionExpiresAt(): Promise<Date | null> {
  const viaToken = requestToken();
  if (viaToken) return viaToken.expiresAt;
  const expiresAt = (await readSessionToken())?.expiresAt;
  return expiresAt === undefined ? null : new Date(expiresAt);
}

/** For route handlers: 401 JSON when signed out. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthorized", "Sign in to continue");
  return user;
}

/**
 * For what only a person in a browser may do (their password, sessions, tokens): route() already
 * refuses tokens on such routes; this makes the type say so too.
 */
export async function requireSessionUser(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.tokenId !== undefined) throw new AppError("token_not_accepted", "This request cannot be made with a personal access token");
  return user;
}

/** For route handlers: 401 when signed out, 403 JSON for members. */
export async function requireAdmin(): Promise<CurrentUser> {
  const user = await requireUser();
  if (user.role !== "admin") throw new AppError("forbidden", "Only a site admin can do this");
  return user;
}

/** For server pages: redirect to sign-in when signed out. */
export async function requirePageUser(): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  return user;
}

/** For server pages: a real 403 page for members. */
export async function requirePageAdmin(): Promise<CurrentUser> {
  const user = await requirePageUser();
  if (user.role !== "admin") forbidden();
  return user;
}
