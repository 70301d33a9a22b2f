"use client";

import { formatDate } from "@/components/admin/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { MyInvitationDto } from "@/lib/teams/team-dto";
import { TEAM_ROLE_LABELS } from "@/lib/teams/team-rules";
import { membersText } from "./team-context";
import { useTeamChange } from "./use-team-change";

type Answer = { id: string; verb: "accept" | "decline" };

/**
 * Invitations waiting for the user's answer. Each names the team, its size and who invited (name and
 * email), so a team named like one of the user's own is not taken for it.
 */
export function MyInvitationsCard({ invitations }: { invitations: MyInvitationDto[] }) {
  const answer = useTeamChange(({ id, verb }: Answer) => api(`/api/team-invitations/${encodeURIComponent(id)}/${verb}`, { method: "POST" }));
  const busy = (id: string) => answer.isPending && answer.variables?.id === id;
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Invitations for you ({invitations.length})</h2>
        <p className="mt-0.5 text-xs text-muted">You join a team only if you accept. Check who invited you before you do.</p>
      </div>
      <MutationError mutation={answer} title="The invitation was not answered" className="px-5 pt-4" />
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Invitations for you">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid="my-invitation">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{invitation.team.name}</p>
              <p className="text-xs text-muted">
                Invited by {invitation.invitedBy.name} ({invitation.invitedBy.email}) as {TEAM_ROLE_LABELS[invitation.role].toLowerCase()} ·{" "}
                {membersText(invitation.team.memberCount)} · expires {formatDate(invitation.expiresAt)}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <Button size="sm" disabled={busy(invitation.id)} onClick={() => answer.mutate({ id: invitation.id, verb: "accept" })} aria-label={`Accept the invitation to ${invitation.team.name}`}>
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy(invitation.id)}
                onClick={() => answer.mutate({ id: invitation.id, verb: "decline" })}
                aria-label={`Decline the invitation to ${invitation.team.name}`}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
