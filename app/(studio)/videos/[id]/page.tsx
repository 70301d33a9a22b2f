import type { Metadata } from "next";
import { VideoDetail } from "@/components/videos/video-detail";
import { requirePageUser } from "@/lib/auth/current-user";
import { isAppError } from "@/lib/errors";
import { videoViewer } from "@/lib/videos/video-access";

export const metadata: Metadata = { title: "Video" };

// One video job: the browser reads it from the studio's API (and again every 5 s while it is under
// way). A job the user may not see reads as not found, like a deleted one; one shared with their team
// is shown read-only with its owner's name, decided here on the server.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const viewer = await videoViewer(user, id).catch((error: unknown) => {
    if (isAppError(error)) return null;
    throw error;
  });
  return <VideoDetail key={id} id={id} sharedBy={viewer?.readOnly ? viewer.ownerName : undefined} />;
}
