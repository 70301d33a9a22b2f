import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/current-user";
import { countMyInvitations } from "@/lib/teams/my-invitations";
import { listMyTeams } from "@/lib/teams/teams";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const [teams, invitationCount] = await Promise.all([listMyTeams(user), countMyInvitations(user)]);
  return (
    <AppShell user={user} teams={teams} invitationCount={invitationCount}>
      {children}
    </AppShell>
  );
}
