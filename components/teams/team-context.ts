import { formatDate } from "@/components/admin/format";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";

// Anyone can name a team anything, including the name of a team the user already works in, and
// invite them to it. Wherever the user picks a team, its owner and the day they joined it say which
// team is which: a lookalike shows someone else as its owner and a join date of its own.

export function membersText(count: number): string {
  return count === 1 ? "1 member" : `${count} members`;
}

/** "Owner Ada (ada@example.com) · 3 members · joined Jan 5, 2026" */
export function teamContext(team: TeamSummaryDto): string {
  const owner = team.owner ? `Owner ${team.owner.name} (${team.owner.email})` : "You own it";
  return `${owner} · ${membersText(team.memberCount)} · joined ${formatDate(team.joinedAt)}`;
}

/** A team's name, with its context when another of `teams` has the same name (for one-line pickers). */
export function teamChoiceLabel(team: TeamSummaryDto, teams: readonly TeamSummaryDto[]): string {
  const named = (other: TeamSummaryDto) => other.name.toLocaleLowerCase() === team.name.toLocaleLowerCase();
  return teams.filter(named).length > 1 ? `${team.name} — ${teamContext(team)}` : team.name;
}
