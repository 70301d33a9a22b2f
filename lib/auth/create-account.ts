import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { hashPassword } from "./password";
import type { SignUpInput } from "./schemas";

const FIRST_ACCOUNT_LOCK = 7_401_001;

// The first account on an empty database becomes site admin and owner of the studio's team; later
// accounts are members of that team. An advisory lock makes "first" exact when two people sign up
// at the same moment on PostgreSQL (PGlite has a single connection, so it is serial anyway).
export async function createAccount(input: SignUpInput) {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`;
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      throw new AppError("conflict", "An account with this email already exists", [
        { field: "email", message: "An account with this email already exists" },
      ]);
    }
    const isFirst = (await tx.user.count()) === 0;
    const user = await tx.user.create({
      data: { email: input.email, name: input.name, passwordHash, role: isFirst ? "admin" : "member" },
      select: { id: true, email: true, name: true, role: true },
    });
    const team = (await tx.team.findFirst({ orderBy: { createdAt: "asc" } })) ?? (await tx.team.create({ data: { name: "Studio" } }));
    await tx.membership.create({ data: { userId: user.id, teamId: team.id, role: isFirst ? "owner" : "member" } });
    return user;
  });
}
