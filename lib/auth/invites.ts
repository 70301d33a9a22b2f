import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { InviteKind, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { INVITE_PROBLEMS, type InviteProblem } from "./messages";
import { inviteTokenSchema, type CreateInviteValues } from "./schemas";
import type { CurrentUser, InviteSummary } from "./types";

const DAY_MS = 24 * 60 * 60 * 1000;

// An invite is a random 32-byte token shown to the admin once, inside /sign-up?invite=<token>.
// Only its sha256 is stored, so the database (or a backup of it) cannot be used to sign up.
export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function inviteLink(origin: string, token: string): string {
  return `${origin}/sign-up?invite=${token}`;
}

/** The studio's team: the first one, made with the first account. The admin area's invites join it. */
export async function studioTeam(client: Prisma.TransactionClient = db) {
  return client.team.findFirst({ orderBy: { createdAt: "asc" }, select: { id: true, name: true } });
}

export async function createInvite(admin: CurrentUser, values: CreateInviteValues): Promise<{ invite: InviteSummary; token: string }> {
  return db.$transaction(async (tx) => {
    const team = await studioTeam(tx);
    if (!team) throw new AppError("conflict", "The studio has no team yet: create the first account");
    const created = await insertInvite(tx, { kind: "site", teamId: team.id, createdById: admin.id, ...values });
    await recordAudit(tx, { actor: admin, action: "invite.created", target: created.invite.id, teamId: team.id, details: { expiresAt: created.invite.expiresAt, ...(values.note && { note: values.note }) } });
    return created;
  });
}

/**
 * Writes one invite to `teamId` inside the caller's transaction and returns its token, which exists
 * only in this answer. Shared by the admin area's invites and team owners' (lib/teams).
 */
export async function insertInvite(
  tx: Prisma.TransactionClient,
  { kind, teamId, createdById, note, expiresInDays }: CreateInviteValues & { kind: InviteKind; teamId: string; createdById: string },
): Promise<{ invite: InviteSummary; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const row = await tx.invite.create({
    data: { tokenHash: hashInviteToken(token), kind, teamId, createdById, note, expiresAt: new Date(Date.now() + expiresInDays * DAY_MS) },
    select: inviteSelect,
  });
  return { invite: toSummary(row), token };
}

/** Invites to `teamId` that can still be used, newest first; without it, the studio team's (the admin area's). */
export async function listPendingInvites(teamId?: string, client: Prisma.TransactionClient = db): Promise<InviteSummary[]> {
  const scope = teamId ?? (await studioTeam(client))?.id;
  if (!scope) return [];
  const rows = await client.invite.findMany({
    where: { teamId: scope, usedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: inviteSelect,
  });
  return rows.map(toSummary);
}

/** Withdraws a pending invite; with `teamId`, only an invite to that team (a team owner's page). */
export async function revokeInvite(actor: CurrentUser, id: string, teamId?: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const invite = await tx.invite.findUnique({ where: { id }, select: { usedAt: true, revokedAt: true, teamId: true } });
    if (!invite || (teamId && invite.teamId !== teamId)) throw new AppError("not_found", "No invite with this id", [{ field: "id", message: "must be the id of an invite" }]);
    if (invite.usedAt) throw new AppError("conflict", "This invite has already been used", [{ field: "id", message: "must be an invite that has not been used" }]);
    if (invite.revokedAt) return;
    await tx.invite.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, { actor, action: "invite.revoked", target: id, teamId: invite.teamId, details: { teamId: invite.teamId } });
  });
}

export type InviteCheck = { status: "valid"; kind: InviteKind; teamId: string; teamName: string; expiresAt: Date } | { status: InviteProblem };

/** What an invite link is worth right now, for the sign-up and join pages. */
export async function checkInvite(token: string, client: Prisma.TransactionClient = db): Promise<InviteCheck> {
  if (!inviteTokenSchema.safeParse(token).success) return { status: "unknown" };
  const invite = await client.invite.findUnique({
    where: { tokenHash: hashInviteToken(token) },
    select: { kind: true, usedAt: true, revokedAt: true, expiresAt: true, teamId: true, team: { select: { name: true } } },
  });
  if (!invite) return { status: "unknown" };
  if (invite.revokedAt) return { status: "revoked" };
  if (invite.usedAt) return { status: "used" };
  if (invite.expiresAt <= new Date()) return { status: "expired" };
  return { status: "valid", kind: invite.kind, teamId: invite.teamId, teamName: invite.team.name, expiresAt: invite.expiresAt };
}

/**
 * Marks the invite used by `userId` and returns its team, inside the caller's transaction. The
 * conditional update is the single point of truth: when two sign-ups race for one invite, the
 * second finds it already used (PostgreSQL re-checks the condition after the first commits) and its
 * whole transaction, account included, is rolled back.
 */
export async function consumeInvite(tx: Prisma.TransactionClient, token: string, userId: string): Promise<string> {
  const tokenHash = hashInviteToken(token);
  const now = new Date();
  const { count } = await tx.invite.updateMany({
    where: { tokenHash, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now, usedById: userId },
  });
  if (count !== 1) {
    const check = await checkInvite(token, tx);
    throw inviteRefused(check.status === "valid" ? "used" : check.status);
  }
  const invite = await tx.invite.findUniqueOrThrow({ where: { tokenHash }, select: { teamId: true } });
  return invite.teamId;
}

/** The refusal of a sign-up or join with an invite that cannot be used, naming the problem. */
export function inviteRefused(problem: InviteProblem): AppError {
  return new AppError("forbidden", INVITE_PROBLEMS[problem], [{ field: "invite", message: INVITE_PROBLEMS[problem] }]);
}

const inviteSelect = { id: true, note: true, createdAt: true, expiresAt: true, createdBy: { select: { name: true } } } as const;

function toSummary(row: { id: string; note: string | null; createdAt: Date; expiresAt: Date; createdBy: { name: string } | null }): InviteSummary {
  return { id: row.id, note: row.note, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), createdBy: row.createdBy?.name ?? null };
}
