import type { Metadata } from "next";
import { Suspense } from "react";
import { GalleryBrowser } from "@/components/gallery/gallery-browser";
import { GallerySkeleton } from "@/components/gallery/gallery-empty";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { listMyTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Gallery" };

// The gallery (issue 12): the signed-in user's own entries and one tab per team they belong to. The
// list itself comes from GET /api/gallery, which applies the access rule.
export default async function Page() {
  const user = await requirePageUser();
  const teams = await listMyTeams(user);
  return (
    <>
      <PageHeader title="Gallery" description="Everything you made, and what your teams share: images, layer sets, group sets, conversations and videos." />
      <Suspense fallback={<GallerySkeleton />}>
        <GalleryBrowser teams={teams} />
      </Suspense>
    </>
  );
}
