import type { Metadata } from "next";
import { UpstreamReachabilityCard } from "@/components/admin/upstream-reachability-card";
import { VideoHealthCard } from "@/components/admin/video-health-card";
import { VideoInferenceCard } from "@/components/admin/video-inference-card";
import { VideoPartitionCard } from "@/components/admin/video-partition-card";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageAdmin } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Video service" };

// The admin video page: the video agent's partition and health, and the inference server beneath it.
// The cards read the admin video API in the browser, so a service that is down never stops the page.
export default async function AdminVideoPage() {
  await requirePageAdmin();
  return (
    <>
      <PageHeader
        title="Video service"
        description="The loaded mode of the video agent, its health, the inference server it generates through, and whether each upstream service can be reached."
        actions={
          <BackLink href="/admin">Admin</BackLink>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <VideoPartitionCard />
          <VideoHealthCard />
          <UpstreamReachabilityCard />
        </div>
        <div className="min-w-0">
          <VideoInferenceCard />
        </div>
      </div>
    </>
  );
}
