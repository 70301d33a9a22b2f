import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { TEAM_ROLE_LABELS } from "@/lib/teams/team-rules";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { teamContext } from "./team-context";

export function TeamList({ teams, activeTeamId }: { teams: TeamSummaryDto[]; activeTeamId: string | null }) {
  if (teams.length === 0) {
    return <p className="px-5 py-4 text-sm text-muted">You are in no team yet. Create one below, accept an invitation, or open an invite link a team owner sent you.</p>;
  }
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Your teams">
      {teams.map((team) => (
        <li key={team.id}>
          <Link href={`/teams/${team.id}`} className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
            <div className="min-w-0">
              {/* Whole, on as many lines as a phone needs: two teams may differ only in their last words. */}
              <p className="text-sm font-medium break-words">{team.name}</p>
              <p className="text-xs text-muted">{teamContext(team)}</p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {team.id === activeTeamId ? <Badge tone="success">Active</Badge> : null}
              <Badge tone={team.role === "owner" ? "accent" : "neutral"}>{TEAM_ROLE_LABELS[team.role]}</Badge>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
