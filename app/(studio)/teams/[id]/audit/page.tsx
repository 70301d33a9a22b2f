import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditLogPanel } from "@/components/audit/audit-log-panel";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { isAppError } from "@/lib/errors";
import { teamDetail } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Team audit log" };

// The team's own audit log, for its owners (and site admins); the API refuses anyone else too.
export default async function TeamAuditPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const team = await teamDetail(user, id).catch((error: unknown) => {
    // A team the user may not see looks exactly like one that does not exist.
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  if (team.myRole !== "owner" && user.role !== "admin") notFound();
  return (
    <>
      <PageHeader
        title={`${team.name}: audit log`}
        description="Who changed what in this team, and when: members, roles, invitations, sharing and deletions."
        actions={
          <BackLink href={`/teams/${team.id}`}>{team.name}</BackLink>
        }
      />
      <AuditLogPanel scope={{ kind: "team", teamId: team.id }} actors={team.members.map((member) => ({ id: member.userId, label: `${member.name} (${member.email})` }))} />
    </>
  );
}
