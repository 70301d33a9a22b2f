import type { Metadata } from "next";
import { BudgetsCard } from "@/components/budgets/budgets-card";
import { PricesCard } from "@/components/budgets/prices-card";
import { QueueCapsCard } from "@/components/budgets/queue-caps-card";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { listUsers } from "@/lib/auth/list-users";
import { listModelPrices } from "@/lib/budgets/admin-budgets";
import { allBudgets } from "@/lib/budgets/budget-status";
import { currencyOptions } from "@/lib/budgets/currency-options";
import { chargesWithMoney } from "@/lib/budgets/set-currency";
import { studioCurrency } from "@/lib/usage/currency";
import { db } from "@/lib/db/client";
import { queueCaps } from "@/lib/jobs/queue-caps";
import { listAllTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Prices and budgets" };

export default async function AdminBudgetsPage() {
  const admin = await requirePageAdmin();
  const [prices, budgets, teams, users, currency, charges, caps] = await Promise.all([
    listModelPrices(),
    allBudgets(),
    listAllTeams(admin),
    listUsers(),
    studioCurrency(db),
    chargesWithMoney(),
    queueCaps(),
  ]);
  return (
    <>
      <PageHeader title="Prices and budgets" description="What each model's work costs, how much the studio, a team, a member or a person may spend, and how many jobs one person may queue." actions={<BackLink href="/admin">Admin</BackLink>} />
      <div className="space-y-6">
        <BudgetsCard budgets={budgets} teams={teams.map((team) => ({ id: team.id, name: team.name }))} people={users.map((user) => ({ id: user.id, name: `${user.name} (${user.email})` }))} currency={currency} />
        <PricesCard initialPrices={prices} currency={currency} currencyFixed={charges > 0} currencies={currencyOptions()} />
        <QueueCapsCard initialCaps={caps} />
      </div>
    </>
  );
}
