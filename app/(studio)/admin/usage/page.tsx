import type { Metadata } from "next";
import Link from "next/link";
import { AdminUsagePanel } from "@/components/usage/admin-usage-panel";
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
          <Link href="/admin" className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
            ← Admin
          </Link>
        }
      />
      <AdminUsagePanel />
    </>
  );
}
