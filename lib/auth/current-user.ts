import "server-only";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import { readSessionToken } from "./session-token";
import { sessionUser } from "./sessions";
import type { CurrentUser } from "./types";

export type { CurrentUser } from "./types";

// The JWT only names a session row; the row, the user's role, status and memberships are read
// fresh (in one query) so a signed-out, disabled, demoted or deleted account loses access at once.
// cache() makes the layout, the page and its helpers share that one read within a request.
export const currentUser = cache(async (): Promise<CurrentUser | null> => {
  const token = await readSessionToken();
  const user = await sessionUser(token?.sessionId);
  // A session row always belongs to the user the token was issued to; anything else is not ours.
  return user && user.id === token?.userId ? user : null;
});

/**
 * When the request's session cookie stops being accepted (its JWT's expiry), for answers that outlive
 * the request's check (a job stream ends then); null when the cookie states none.
 */
export async function sessionExpiresAt(): Promise<Date | null> {
  const expiresAt = (await readSessionToken())?.expiresAt;
  return expiresAt === undefined ? null : new Date(expiresAt);
}

/** For route handlers: 401 JSON when signed out. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthorized", "Sign in to continue");
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
