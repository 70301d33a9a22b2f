import type { ReactNode } from "react";
import { BudgetAlerts } from "@/components/budgets/budget-alerts";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/current-user";
import { allBudgets, myBudgets } from "@/lib/budgets/budget-status";
import { countMyInvitations } from "@/lib/teams/my-invitations";
import { listMyTeams } from "@/lib/teams/teams";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const isAdmin = user.role === "admin";
  const [teams, invitationCount, budgets] = await Promise.all([
    listMyTeams(user),
    countMyInvitations(user),
    // The people a budget binds see its alert, and so do the admins, who see every budget's.
    isAdmin ? allBudgets() : myBudgets({ userId: user.id, teamId: user.activeTeamId }),
  ]);
  return (
    <AppShell user={user} teams={teams} invitationCount={invitationCount} notice={<BudgetAlerts budgets={budgets.filter((budget) => budget.alerting)} isAdmin={isAdmin} />}>
      {children}
    </AppShell>
  );
}
