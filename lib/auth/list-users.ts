import "server-only";
import { db } from "@/lib/db/client";

export function listUsers() {
  return db.user.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, email: true, name: true, role: true, createdAt: true },
  });
}
