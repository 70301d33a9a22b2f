import type { Metadata } from "next";
import { CreateTeamForm } from "@/components/teams/create-team-form";
import { MyInvitationsCard } from "@/components/teams/my-invitations-card";
import { TeamList } from "@/components/teams/team-list";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { listMyInvitations } from "@/lib/teams/my-invitations";
import { listMyTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Teams" };

export default async function TeamsPage() {
  const user = await requirePageUser();
  const [teams, invitations] = await Promise.all([listMyTeams(user), listMyInvitations(user)]);
  return (
    <>
      <PageHeader title="Teams" description="What you share with a team, its members can find, reuse and build on. Nobody else sees it." />
      <div className="max-w-3xl space-y-6">
        {invitations.length > 0 ? <MyInvitationsCard invitations={invitations} /> : null}
        <Card className="overflow-hidden">
          <h2 className="border-b border-zinc-200 px-5 py-3 text-sm font-semibold dark:border-zinc-800">Your teams</h2>
          <TeamList teams={teams} activeTeamId={user.activeTeamId} />
        </Card>
        <Card className="p-5">
          <h2 className="mb-1 text-sm font-semibold">New team</h2>
          <p className="mb-4 text-xs text-muted">You become its owner: you invite people, make invite links and decide who else is an owner.</p>
          <CreateTeamForm />
        </Card>
      </div>
    </>
  );
}
