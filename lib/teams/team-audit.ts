import "server-only";
import { auditCsvStream } from "@/lib/audit/audit-csv";
import type { AuditPage } from "@/lib/audit/audit-rules";
import type { AuditFilters, AuditPageQuery } from "@/lib/audit/audit-schemas";
import { listAuditEntries } from "@/lib/audit/list-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { requireAuditReader, teamAccess } from "./team-access";

// A team's audit log: the entries that concern the team, for its owners (and site admins). A member
// is refused (403); anyone else is told the team does not exist (404).

async function checkAuditReader(user: CurrentUser, teamId: string): Promise<void> {
  requireAuditReader(await teamAccess(db, user, teamId));
}

export async function listTeamAudit(user: CurrentUser, teamId: string, query: Omit<AuditPageQuery, "teamId">): Promise<AuditPage> {
  await checkAuditReader(user, teamId);
  return listAuditEntries(query, { teamId });
}

export async function teamAuditCsv(user: CurrentUser, teamId: string, filters: Omit<AuditFilters, "teamId">): Promise<ReadableStream<Uint8Array>> {
  await checkAuditReader(user, teamId);
  return auditCsvStream(filters, { teamId });
}
