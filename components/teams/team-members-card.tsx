"use client";

import { formatDate } from "@/components/admin/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { selectClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import type { TeamRole } from "@/lib/auth/types";
import { api } from "@/lib/client/api";
import type { TeamDetailDto, TeamMemberDto } from "@/lib/teams/team-dto";
import { TEAM_ROLE_LABELS, TEAM_ROLES } from "@/lib/teams/team-rules";
import { useTeamChange } from "./use-team-change";

/** The team's members; owners also change roles and remove people. */
export function TeamMembersCard({ team, currentUserId }: { team: TeamDetailDto; currentUserId: string }) {
  const base = `/api/teams/${encodeURIComponent(team.id)}/members`;
  const changeRole = useTeamChange(({ userId, role }: { userId: string; role: TeamRole }) => api(`${base}/${encodeURIComponent(userId)}`, { method: "PATCH", json: { role } }));
  const remove = useTeamChange((userId: string) => api(`${base}/${encodeURIComponent(userId)}`, { method: "DELETE" }));
  const owners = team.members.filter((member) => member.role === "owner").length;

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Members ({team.members.length})</h2>
        <p className="mt-0.5 text-xs text-muted">Owners invite and remove people and make invite links; every member sees what is shared with the team.</p>
      </div>
      <MutationError mutation={changeRole} title="The role was not changed" className="px-5 pt-4" />
      <MutationError mutation={remove} title="The member was not removed" className="px-5 pt-4" />
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Members">
        {team.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isYou={member.userId === currentUserId}
            canManage={team.canManageMembers}
            onlyOwner={member.role === "owner" && owners === 1}
            busy={(changeRole.isPending && changeRole.variables?.userId === member.userId) || (remove.isPending && remove.variables === member.userId)}
            onRole={(role) => changeRole.mutate({ userId: member.userId, role })}
            onRemove={() => remove.mutate(member.userId)}
          />
        ))}
      </ul>
    </Card>
  );
}

function MemberRow({
  member,
  isYou,
  canManage,
  onlyOwner,
  busy,
  onRole,
  onRemove,
}: {
  member: TeamMemberDto;
  isYou: boolean;
  canManage: boolean;
  /** A team needs an owner: the only one's role is not offered for change, and says why. */
  onlyOwner: boolean;
  busy: boolean;
  onRole: (role: TeamRole) => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-2.5" data-testid="team-member">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {member.name}
          {isYou ? <span className="font-normal text-muted"> (you)</span> : null}
        </p>
        <p className="truncate text-xs text-muted">
          {member.email} · joined {formatDate(member.joinedAt)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {onlyOwner && canManage ? <span className="text-xs text-muted">the only owner</span> : null}
        {canManage && !onlyOwner ? (
          <select
            aria-label={`Role of ${member.name}`}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(event.target.value as TeamRole)}
            className={selectClassWith("w-auto py-1")}
          >
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {TEAM_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ) : (
          <Badge tone={member.role === "owner" ? "accent" : "neutral"}>{TEAM_ROLE_LABELS[member.role]}</Badge>
        )}
        {canManage && !isYou ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={onRemove} aria-label={`Remove ${member.name}`}>
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}
