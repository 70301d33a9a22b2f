import type { Metadata } from "next";
import { galleryRefillOf } from "@/components/gallery/gallery-links";
import { BetaStudio } from "@/components/beta/beta-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Beta" };

// `?reuse=<gallery entry>` refills the form with that entry's settings; `?reference=<asset>` adds
// that image to its references (the gallery's Reuse settings and Use as reference, issue 12).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const refill = galleryRefillOf(await searchParams);
  return (
    <>
      <PageHeader title="Beta" description="Pro and Lite: reference sets of up to 14 images, groups of related images, and layer decomposition into editable layers." />
      <BetaStudio refill={refill} />
    </>
  );
}
