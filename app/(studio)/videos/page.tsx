import type { Metadata } from "next";
import { duplicateRequestOf } from "@/components/videos/video-links";
import { VideoStudio } from "@/components/videos/video-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Videos" };

// `?duplicate=<job id>&seed=1` opens the form refilled from that job (the detail page's Duplicate).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const duplicate = duplicateRequestOf(await searchParams);
  return (
    <>
      <PageHeader title="Videos" description="Text to video, first and last frames, or references: jobs of a few minutes that run on the server, kept in the studio once done." />
      <VideoStudio duplicate={duplicate} />
    </>
  );
}
