import "server-only";
import { db } from "@/lib/db/client";
import type { UserSummary } from "./types";

export async function listUsers(): Promise<UserSummary[]> {
  const users = await db.user.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, email: true, name: true, role: true, createdAt: true, disabledAt: true },
  });
  return users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString(), disabledAt: user.disabledAt?.toISOString() ?? null }));
}
