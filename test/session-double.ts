import type { CurrentUser, SessionUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";

// Stands in for lib/auth/current-user in tests that call route handlers directly: they run as
// whoever `session.user` is, and everything below them is real. Use with
// `vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"))`.
export const session = { user: undefined as CurrentUser | undefined };

export async function currentUser(): Promise<CurrentUser | null> {
  return session.user ?? null;
}

export async function requireUser(): Promise<CurrentUser> {
  if (!session.user) throw new AppError("unauthorized", "Sign in to continue");
  return session.user;
}

/** The real rule of lib/auth/current-user: a token's user is refused. */
export async function requireSessionUser(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.tokenId !== undefined) throw new AppError("token_not_accepted", "This request cannot be made with a personal access token");
  return user;
}

/** The real rule of lib/auth/current-user: members are refused with 403. */
export async function requireAdmin(): Promise<CurrentUser> {
  const user = await requireUser();
  if (user.role !== "admin") throw new AppError("forbidden", "Only a site admin can do this");
  return user;
}

/** The route's sessions here state no expiry. */
export async function sessionExpiresAt(): Promise<Date | null> {
  return null;
}
