import type { Metadata } from "next";
import { AdminUsagePanel } from "@/components/usage/admin-usage-panel";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageAdmin } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Usage" };

// Issue 12 "Usage": everyone's usage per user, team, model and day. The panel reads the admin usage
// API in the browser, so changing the range or grouping never reloads the page.
export default async function AdminUsagePage() {
  await requirePageAdmin();
  return (
    <>
      <PageHeader
        title="Usage"
        description="Tokens, images and video seconds per user, team, model and day."
        actions={
          <BackLink href="/admin">Admin</BackLink>
        }
      />
      <AdminUsagePanel />
    </>
  );
}
