import type { ReactNode } from "react";
import { BudgetAlerts } from "@/components/budgets/budget-alerts";
import { QueryProvider } from "@/components/providers/query-provider";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/current-user";
import { budgetAlertsFor } from "@/lib/budgets/budget-status";
import { countMyInvitations } from "@/lib/teams/my-invitations";
import { listMyTeams } from "@/lib/teams/teams";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const isAdmin = user.role === "admin";
  const [teams, invitationCount, alerts] = await Promise.all([listMyTeams(user), countMyInvitations(user), budgetAlertsFor(user)]);
  // Only the studio's own pages load TanStack Query: the sign-in, sign-up and public pages do without.
  return (
    <QueryProvider>
      <AppShell user={user} teams={teams} invitationCount={invitationCount} notice={<BudgetAlerts initialBudgets={alerts} isAdmin={isAdmin} />}>
        {children}
      </AppShell>
    </QueryProvider>
  );
}
