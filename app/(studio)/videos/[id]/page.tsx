import type { Metadata } from "next";
import { VideoDetail } from "@/components/videos/video-detail";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Video" };

// One video job: the browser reads it from the studio's API (and again every 3 s while it is under
// way), so a job of someone else reads as not found, like a deleted one.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  return <VideoDetail key={id} id={id} />;
}
