import type { Metadata } from "next";
import { FirstAnswer } from "@/components/providers/first-page";
import { AdminUsagePanel } from "@/components/usage/admin-usage-panel";
import { adminUsageQuery, defaultAdminUsageFilters } from "@/components/usage/usage-queries";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageAdmin } from "@/lib/auth/current-user";
import { everyonesUsage } from "@/lib/usage/read-usage";
import { utcDay } from "@/lib/usage/usage-rules";
import { adminUsageQuerySchema } from "@/lib/usage/usage-schemas";

export const metadata: Metadata = { title: "Usage" };

// Usage: everyone's usage per user, team, model and day. The default range is read here, with the
// function GET /api/admin/usage uses, so the chart and table are in the server's HTML; the panel
// reads the API in the browser after that, so changing the range or grouping never reloads the page.
export default async function AdminUsagePage() {
  await requirePageAdmin();
  const today = utcDay(new Date());
  const filters = defaultAdminUsageFilters(today);
  const report = await everyonesUsage(adminUsageQuerySchema.parse({ from: filters.from, to: filters.to, groupBy: filters.groupBy }));
  return (
    <>
      <PageHeader
        title="Usage"
        description="Tokens, images and video seconds per user, team, model and day."
        actions={
          <BackLink href="/admin">Admin</BackLink>
        }
      />
      <FirstAnswer query={adminUsageQuery(filters)} data={report}>
        <AdminUsagePanel today={today} />
      </FirstAnswer>
    </>
  );
}
