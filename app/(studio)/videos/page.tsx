import type { Metadata } from "next";
import { galleryRefillOf } from "@/components/gallery/gallery-links";
import { duplicateRequestOf } from "@/components/videos/video-links";
import { VideoStudio } from "@/components/videos/video-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Videos" };

// `?duplicate=<job id>&seed=1` opens the form refilled from that job (the detail page's Duplicate);
// `?reuse=<gallery entry>` from a video entry of the gallery (issue 12).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const query = await searchParams;
  const duplicate = duplicateRequestOf(query);
  return (
    <>
      <PageHeader title="Videos" description="Text to video, first and last frames, or references: jobs of a few minutes that run on the server, kept in the studio once done." />
      <VideoStudio duplicate={duplicate} refill={galleryRefillOf(query)} />
    </>
  );
}
