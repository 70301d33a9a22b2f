import type { Metadata } from "next";
import { SpendCard } from "@/components/budgets/spend-card";
import { AccessTokensCard } from "@/components/account/access-tokens-card";
import { AccountStorageCard } from "@/components/account/account-storage-card";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { AccountUsageCard } from "@/components/usage/account-usage-card";
import { listOwnAccessTokens } from "@/lib/access-tokens/manage-tokens";
import { requirePageUser } from "@/lib/auth/current-user";
import { siteSettings } from "@/lib/auth/site-settings";
import { myBudgets } from "@/lib/budgets/budget-status";
import { spendThisMonth } from "@/lib/budgets/spend-summary";
import { accountStorage } from "@/lib/storage-quota/storage-use";
import { ownUsage } from "@/lib/usage/read-usage";
import { usageQuerySchema } from "@/lib/usage/usage-schemas";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requirePageUser();
  const [usage, storage, tokens, settings, spend, budgets] = await Promise.all([
    ownUsage(user, usageQuerySchema.parse({ groupBy: "model" })),
    accountStorage(user),
    listOwnAccessTokens(user),
    siteSettings(),
    spendThisMonth({ userId: user.id }),
    myBudgets({ userId: user.id, teamId: user.activeTeamId }),
  ]);
  return (
    <>
      <PageHeader title="Account" description="Your details, your password, your tokens for scripts, your storage and what you used." />
      <div className="grid max-w-4xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card className="h-fit p-5">
          <h2 className="mb-4 text-sm font-semibold">You</h2>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-muted">Name</dt>
              <dd className="font-medium">{user.name}</dd>
            </div>
            <div>
              <dt className="text-muted">Email</dt>
              <dd className="break-all">{user.email}</dd>
            </div>
            <div>
              <dt className="text-muted">Role</dt>
              <dd className="mt-0.5">
                <Badge tone={user.role === "admin" ? "accent" : "neutral"}>{user.role === "admin" ? "site admin" : "member"}</Badge>
              </dd>
            </div>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-semibold">Change password</h2>
          <p className="mt-1 mb-4 text-xs text-muted">You stay signed in here; every other browser or device signed in to your account is signed out.</p>
          <ChangePasswordForm />
        </Card>
        <AccountStorageCard storage={storage} />
        <SpendCard title="Your spending" spend={spend} budgets={budgets} />
        <div className="lg:col-span-2">
          <AccessTokensCard
            initialTokens={tokens}
            settings={{ accessTokens: settings.accessTokens, accessTokensWithoutExpiry: settings.accessTokensWithoutExpiry }}
          />
        </div>
        <div className="lg:col-span-2">
          <AccountUsageCard report={usage} />
        </div>
      </div>
    </>
  );
}
