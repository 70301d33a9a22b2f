import "server-only";
import { forbidden, redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { auth } from "./auth";

export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: "admin" | "member";
  teamIds: string[];
};

// The session only carries the user id; role and memberships are read fresh on every request so a
// demoted or deleted account loses access at once.
export async function currentUser(): Promise<CurrentUser | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true, memberships: { select: { teamId: true } } },
  });
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, teamIds: user.memberships.map((m) => m.teamId) };
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
