import type { Metadata } from "next";
import Link from "next/link";
import { AccessTokensPanel } from "@/components/admin/access-tokens-panel";
import { InvitesPanel } from "@/components/admin/invites-panel";
import { ShareLinksPanel } from "@/components/admin/share-links-panel";
import { SignUpSettings } from "@/components/admin/sign-up-settings";
import { StorageQuotaSettings } from "@/components/admin/storage-quota-settings";
import { AdminTeamsCard } from "@/components/teams/admin-teams-card";
import { UsersTable } from "@/components/admin/users-table";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { listAllAccessTokens } from "@/lib/access-tokens/admin-tokens";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { listPendingInvites } from "@/lib/auth/invites";
import { siteSettings } from "@/lib/auth/site-settings";
import { listAllShareLinks } from "@/lib/gallery/admin-share-links";
import { listUsersWithStorage } from "@/lib/storage-quota/admin-quotas";
import { storageQuotaDefaults } from "@/lib/storage-quota/quota-defaults";
import { listAllTeams } from "@/lib/teams/teams";
import { upstreamSummary } from "@/lib/upstream/summary";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminPage() {
  const admin = await requirePageAdmin();
  const [users, invites, settings, teams, quotaDefaults, shareLinks, accessTokens] = await Promise.all([
    listUsersWithStorage(),
    listPendingInvites(),
    siteSettings(),
    listAllTeams(admin),
    storageQuotaDefaults(),
    listAllShareLinks({}),
    listAllAccessTokens(),
  ]);
  const upstream = upstreamSummary();
  return (
    <>
      <PageHeader
        title="Admin"
        description="People with access to the studio, how new people get in, what is shared publicly, scripts' tokens, and the upstream services it uses."
        actions={
          <Link href="/admin/audit" className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
            Audit log →
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <UsersTable initialUsers={users} currentUserId={admin.id} defaultQuotaBytes={quotaDefaults.userStorageQuotaBytes} />
          <InvitesPanel initialInvites={invites} />
          <AdminTeamsCard teams={teams} defaultQuotaBytes={quotaDefaults.teamStorageQuotaBytes} />
          <ShareLinksPanel firstPage={shareLinks} />
          <AccessTokensPanel
            initialTokens={accessTokens}
            initialSettings={{ accessTokens: settings.accessTokens, accessTokensWithoutExpiry: settings.accessTokensWithoutExpiry }}
          />
        </div>
        <div className="space-y-6">
          <SignUpSettings initialSettings={settings} />
          <StorageQuotaSettings initialDefaults={quotaDefaults} />
          <Card className="p-5">
            <h2 className="mb-3 text-sm font-semibold">Upstream services</h2>
            <dl className="space-y-3 text-sm">
              {upstream.map((service) => (
                <div key={service.name}>
                  <dt className="text-muted">{service.name}</dt>
                  <dd className="font-mono text-xs break-all">{service.url ?? "not configured"}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-xs text-muted">Keys stay on the server and are never shown here.</p>
            <Link href="/admin/video" className="mt-3 inline-block text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
              Video service: partition and health →
            </Link>
            <Link href="/admin/usage" className="mt-2 block text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
              Usage per user, team, model and day →
            </Link>
            <Link href="/admin/budgets" className="mt-2 block text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
              Prices and budgets →
            </Link>
          </Card>
        </div>
      </div>
    </>
  );
}
