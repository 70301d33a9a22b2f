import Link from "next/link";
import { formatDate } from "@/components/admin/format";
import { StorageQuotaCell } from "@/components/admin/storage-quota-cell";
import { Card } from "@/components/ui/card";
import type { AdminTeamDto } from "@/lib/teams/team-dto";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";

const TEAM_COLUMNS = {
  team: { label: "Team", lead: true },
  members: { label: "Members", className: "px-3 py-2" },
  owners: { label: "Owners", className: "px-3 py-2" },
  storage: { label: "Storage", wide: true, className: "px-3 py-2" },
  created: { label: "Created" },
} satisfies Record<string, DataColumn>;

/** Every team of the studio, for site admins. */
export function AdminTeamsCard({ teams, defaultQuotaBytes }: { teams: AdminTeamDto[]; defaultQuotaBytes: number | null }) {
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Teams</h2>
        <p className="mt-0.5 text-xs text-muted">Every team in the studio. Members see the work shared with their teams.</p>
      </div>
      {teams.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">No teams yet.</p>
      ) : (
        <DataTable
          label="Teams"
          columns={Object.values(TEAM_COLUMNS)}
        >
          {teams.map((team) => (
            <tr key={team.id}>
              <DataCell column={TEAM_COLUMNS.team} className="px-5 py-2.5 font-medium">
                <Link href={`/teams/${team.id}`} className="hover:underline">
                  {team.name}
                </Link>
              </DataCell>
              <DataCell column={TEAM_COLUMNS.members} className="px-3 py-2.5 tabular-nums">{team.memberCount}</DataCell>
              <DataCell column={TEAM_COLUMNS.owners} className="px-3 py-2.5 text-zinc-600 dark:text-zinc-400">{team.owners.length ? team.owners.map((owner) => owner.name).join(", ") : "none"}</DataCell>
              <DataCell column={TEAM_COLUMNS.storage} className="px-3 py-2.5">
                <StorageQuotaCell
                  url={`/api/admin/teams/${encodeURIComponent(team.id)}/storage-quota`}
                  name={`team ${team.name}`}
                  usedBytes={team.storageUsedBytes}
                  quotaBytes={team.storageQuotaBytes}
                  defaultBytes={defaultQuotaBytes}
                />
              </DataCell>
              <DataCell column={TEAM_COLUMNS.created} className="px-5 py-2.5 whitespace-nowrap text-muted">{formatDate(team.createdAt)}</DataCell>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
