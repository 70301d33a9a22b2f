import "server-only";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { recordAudit } from "./audit";
import { consumeInvite, studioTeam } from "./invites";
import { SIGN_UP_BY_INVITATION } from "./messages";
import { hashPassword } from "./password";
import type { SignUpInput } from "./schemas";
import { siteSettings } from "./site-settings";

const FIRST_TEAM_NAME = "Studio";

// Who may create an account, enforced here because the sign-up action can be called directly:
// - the first account on an empty database becomes site admin and owner of the studio's team;
// - later, only with a valid invite (consumed in the same transaction as the account), which makes a
//   member of the invite's team, or while an admin has turned open sign-up on, which joins no team
//   (issue 12: what a team makes is for its members only, so nobody joins one uninvited).
// An advisory lock makes "first" exact when two people sign up at the same moment on PostgreSQL
// (PGlite has a single connection, so it is serial anyway).
export async function createAccount(input: SignUpInput, invite?: string) {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, "first-account");
    const isFirst = (await tx.user.count()) === 0;
    if (!isFirst && !invite && !(await siteSettings(tx)).openSignUp) {
      throw new AppError("forbidden", SIGN_UP_BY_INVITATION, [{ field: "invite", message: "is required: sign-up is by invitation" }]);
    }
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      throw new AppError("conflict", "An account with this email already exists", [
        { field: "email", message: "An account with this email already exists" },
      ]);
    }
    const user = await tx.user.create({
      data: { email: input.email, name: input.name, passwordHash, role: isFirst ? "admin" : "member" },
      select: { id: true, email: true, name: true, role: true },
    });
    const teamId = isFirst
      ? ((await studioTeam(tx)) ?? (await tx.team.create({ data: { name: FIRST_TEAM_NAME }, select: { id: true } }))).id
      : invite
        ? await consumeInvite(tx, invite, user.id)
        : null;
    if (teamId) await tx.membership.create({ data: { userId: user.id, teamId, role: isFirst ? "owner" : "member" } });
    if (teamId && !isFirst) await recordAudit(tx, { actorId: user.id, action: "team.joined", target: teamId, details: { via: "sign-up" } });
    return user;
  });
}
