import "server-only";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { consumeInvite, inviteRefused, studioTeam } from "./invites";
import { ACCOUNT_NOT_CREATED, SIGN_UP_BY_INVITATION, TEAM_INVITE_NEEDS_ACCOUNT } from "./messages";
import { hashPassword } from "./password";
import type { SignUpInput } from "./schemas";
import { signUpPolicy } from "./sign-up-policy";

const FIRST_TEAM_NAME = "Studio";

// Who may create an account (signUpPolicy), enforced here because the sign-up action can be called
// directly:
// - the first account on an empty database becomes site admin and owner of the studio's team;
// - later, only with a valid invite (consumed in the same transaction as the account), which makes a
//   member of the invite's team (a team owner's invite only while the admin lets those create
//   accounts), or while an admin has turned open sign-up on, which joins no team
//   (what a team makes is for its members only, so nobody joins one uninvited).
// The rules are checked before the email is looked at, so a refusal says nothing about the email; an
// email that already has an account gets an answer that does not say so either.
// An advisory lock makes "first" exact when two people sign up at the same moment.
export async function createAccount(input: SignUpInput, invite?: string) {
  // Checked once before the password work too, so refusals cost no hashing.
  await requireSignUpAllowed(db, invite);
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, "first-account");
    const isFirst = (await requireSignUpAllowed(tx, invite)) === "first-account";
    if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      throw new AppError("conflict", ACCOUNT_NOT_CREATED);
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
    if (teamId && !isFirst) await recordAudit(tx, { actor: user, action: "team.joined", target: teamId, teamId: teamId, details: { via: "sign-up" } });
    return user;
  });
}

async function requireSignUpAllowed(client: Prisma.TransactionClient, invite: string | undefined) {
  const policy = await signUpPolicy(invite, client);
  if (policy.kind === "invite-problem") throw inviteRefused(policy.problem);
  if (policy.kind === "team-invite-needs-account") throw new AppError("forbidden", TEAM_INVITE_NEEDS_ACCOUNT, [{ field: "invite", message: TEAM_INVITE_NEEDS_ACCOUNT }]);
  if (policy.kind === "closed") throw new AppError("forbidden", SIGN_UP_BY_INVITATION, [{ field: "invite", message: "is required: sign-up is by invitation" }]);
  return policy.kind;
}
