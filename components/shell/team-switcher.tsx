"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { teamChoiceLabel, teamContext } from "@/components/teams/team-context";
import { selectClassWith } from "@/components/ui/field";
import { api } from "@/lib/client/api";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";

// The active team: new work is counted to it. Changing it is saved on the server, then the
// pages are read again, so every server-rendered part shows the new team. Two teams of the same name
// are shown with their owner and join date, so the user can tell which is which.
export function TeamSwitcher({ teams, activeTeamId }: { teams: TeamSummaryDto[]; activeTeamId: string | null }) {
  const router = useRouter();
  const pick = useMutation({
    mutationFn: (teamId: string) => api<{ activeTeamId: string }>("/api/me/active-team", { method: "PUT", json: { teamId } }),
    onSuccess: () => router.refresh(),
  });

  if (teams.length === 0) {
    return (
      <Link href="/teams" className="block rounded-md px-2 py-1.5 text-xs text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100">
        No team yet: create or join one
      </Link>
    );
  }
  const value = pick.isPending && pick.variables ? pick.variables : (activeTeamId ?? teams[0].id);
  const active = teams.find((team) => team.id === value);
  // A closed select cuts a long label short: the picked team's context is spelled out below it.
  const ambiguous = active && teamChoiceLabel(active, teams) !== active.name;
  return (
    <div className="space-y-1">
      <label htmlFor="active-team" className="block text-xs font-medium text-muted">
        Active team
      </label>
      <select
        id="active-team"
        value={value}
        disabled={pick.isPending}
        onChange={(event) => pick.mutate(event.target.value)}
        className={selectClassWith("py-1.5")}
        data-testid="active-team"
      >
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {teamChoiceLabel(team, teams)}
          </option>
        ))}
      </select>
      {ambiguous ? (
        <p className="text-xs text-muted" data-testid="active-team-context">
          {teamContext(active)}
        </p>
      ) : null}
      {pick.error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {pick.error.message}
        </p>
      ) : null}
    </div>
  );
}
