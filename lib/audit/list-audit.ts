import "server-only";
import { db } from "@/lib/db/client";
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from "@/lib/pagination/keyset-cursor";
import { AUDIT_ACTIONS } from "./actions";
import { auditWhere } from "./audit-query";
import { AUDIT_PAGE_SIZE, type AuditEntryDto, type AuditPage } from "./audit-rules";
import type { AuditFilters, AuditPageQuery } from "./audit-schemas";

type AuditRow = Awaited<ReturnType<typeof db.auditLog.findMany>>[number];

/** Entries the filters keep, newest first, after `after` (a previous page's last entry). */
export async function auditRows(filters: AuditFilters, scope: { teamId?: string }, after: KeysetCursor | null, take: number): Promise<AuditRow[]> {
  const where = auditWhere(filters, scope);
  return db.auditLog.findMany({
    where: after ? { AND: [where, { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] } : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}

/** The rows as the pages show them, with the names of the teams they concern (null once deleted). */
export async function toAuditEntries(rows: AuditRow[]): Promise<AuditEntryDto[]> {
  const teamIds = [...new Set(rows.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
  const teams = teamIds.length ? await db.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, name: true } }) : [];
  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    category: (AUDIT_ACTIONS as Record<string, { category: AuditEntryDto["category"] }>)[row.action]?.category ?? null,
    actor: row.actorId || row.actorEmail ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    target: row.target,
    team: row.teamId ? { id: row.teamId, name: teamNames.get(row.teamId) ?? null } : null,
    details: row.details,
  }));
}

/**
 * One page of the audit log, newest first. The caller has authorized the scope: everything for a
 * site admin, one team's entries for its owners.
 */
export async function listAuditEntries(query: AuditPageQuery, scope: { teamId?: string } = {}): Promise<AuditPage> {
  const { cursor, ...filters } = query;
  const rows = await auditRows(filters, scope, cursor ? decodeKeysetCursor(cursor) : null, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries: await toAuditEntries(page), nextCursor: rows.length > AUDIT_PAGE_SIZE ? encodeKeysetCursor(page.at(-1)!) : null };
}
