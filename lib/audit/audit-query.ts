import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actionsIn } from "./actions";
import type { AuditFilters } from "./audit-schemas";

const DAY_MS = 86_400_000;

/** The rows the filters keep; `teamId` is a team owner's scope, which no filter can widen. */
export function auditWhere(filters: AuditFilters, scope: { teamId?: string }): Prisma.AuditLogWhereInput {
  const teamId = scope.teamId ?? filters.teamId;
  const target = filters.target?.trim();
  return {
    AND: [
      teamId ? { teamId } : {},
      filters.category ? { action: { in: actionsIn(filters.category) } } : {},
      filters.action ? { action: filters.action } : {},
      filters.actorId ? { actorId: filters.actorId } : {},
      filters.from ? { createdAt: { gte: new Date(`${filters.from}T00:00:00Z`) } } : {},
      // Days are whole: `to` keeps everything before the next day starts.
      filters.to ? { createdAt: { lt: new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) } } : {},
      target ? { target: { contains: target, mode: "insensitive" as const } } : {},
    ],
  };
}
