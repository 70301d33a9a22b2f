import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SpendCard } from "@/components/budgets/spend-card";
import { LeaveTeamCard } from "@/components/teams/leave-team-card";
import { TeamInvitationsCard } from "@/components/teams/team-invitations-card";
import { TeamInvitesCard } from "@/components/teams/team-invites-card";
import { TeamMembersCard } from "@/components/teams/team-members-card";
import { TeamNameForm } from "@/components/teams/team-name-form";
import { Card } from "@/components/ui/card";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { teamBudgets } from "@/lib/budgets/budget-status";
import { spendThisMonth } from "@/lib/budgets/spend-summary";
import { isAppError } from "@/lib/errors";
import { listTeamInvitations } from "@/lib/teams/team-invitations";
import { listTeamInvites } from "@/lib/teams/team-invites";
import { teamDetail } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const team = await teamDetail(user, id).catch((error: unknown) => {
    // A team the user may not see looks exactly like one that does not exist.
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  const invites = team.canManageInvites ? await listTeamInvites(user, team.id) : [];
  const invitations = team.canManageMembers ? await listTeamInvitations(user, team.id) : [];
  // What the team spent and may still spend is its owners' (and site admins') to see.
  const spending = team.myRole === "owner" || user.role === "admin" ? { spend: await spendThisMonth({ teamId: team.id }), budgets: await teamBudgets(team.id) } : null;
  return (
    <>
      <PageHeader
        title={team.name}
        description={team.myRole ? `You are ${team.myRole === "owner" ? "an owner" : "a member"} of this team.` : "You see this team as a site admin."}
        actions={
          <div className="flex items-center gap-4">
            {team.myRole === "owner" || user.role === "admin" ? (
              <Link href={`/teams/${team.id}/audit`} className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
                Audit log →
              </Link>
            ) : null}
            <BackLink href="/teams">All your teams</BackLink>
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <TeamMembersCard team={team} currentUserId={user.id} />
          {team.canManageMembers ? <TeamInvitationsCard teamId={team.id} invitations={invitations} /> : null}
          {team.canManageInvites ? <TeamInvitesCard teamId={team.id} invites={invites} /> : null}
        </div>
        <div className="space-y-6">
          {team.canManageMembers ? (
            <Card className="p-5">
              <h2 className="mb-4 text-sm font-semibold">Name</h2>
              <TeamNameForm teamId={team.id} name={team.name} />
            </Card>
          ) : null}
          {spending ? <SpendCard title="Team spending" spend={spending.spend} budgets={spending.budgets} /> : null}
          {team.myRole ? <LeaveTeamCard teamId={team.id} userId={user.id} teamName={team.name} lastMember={team.members.length === 1} /> : null}
        </div>
      </div>
    </>
  );
}
