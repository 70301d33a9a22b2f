import type { Metadata } from "next";
import { AuditLogPanel } from "@/components/audit/audit-log-panel";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { listUsers } from "@/lib/auth/list-users";
import { listAllTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Audit log" };

// Who did what and when, across the studio. The panel reads the audit API in the browser, so
// changing a filter never reloads the page.
export default async function AdminAuditPage() {
  const admin = await requirePageAdmin();
  const [users, teams] = await Promise.all([listUsers(), listAllTeams(admin)]);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change an admin or a team owner made: users, invites, teams, settings, quotas, sharing, deletions and tokens."
        actions={
          <BackLink href="/admin">Admin</BackLink>
        }
      />
      <AuditLogPanel
        scope={{ kind: "site" }}
        actors={users.map((user) => ({ id: user.id, label: `${user.name} (${user.email})` }))}
        teams={teams.map((team) => ({ id: team.id, label: team.name }))}
      />
    </>
  );
}
