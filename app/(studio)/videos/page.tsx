import type { Metadata } from "next";
import { galleryRefillOf } from "@/components/gallery/gallery-links";
import { FirstPage } from "@/components/providers/first-page";
import { duplicateRequestOf, NO_FILTERS } from "@/components/videos/video-links";
import { videoListQuery } from "@/components/videos/video-queries";
import { VideoStudio } from "@/components/videos/video-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { listVideos } from "@/lib/videos/list-videos";

export const metadata: Metadata = { title: "Videos" };

// `?duplicate=<job id>&seed=1` opens the form refilled from that job (the detail page's Duplicate);
// `?reuse=<gallery entry>` from a video entry of the gallery. The dashboard opens unfiltered, so its
// first page is read here under the key of the unfiltered list.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const [query, videos] = await Promise.all([searchParams, listVideos(user, {})]);
  return (
    <>
      <PageHeader title="Videos" description="Text to video, first and last frames, or references: jobs of a few minutes that run on the server, kept in the studio once done." />
      <FirstPage query={videoListQuery(NO_FILTERS)} page={videos}>
        <VideoStudio duplicate={duplicateRequestOf(query)} refill={galleryRefillOf(query)} />
      </FirstPage>
    </>
  );
}
