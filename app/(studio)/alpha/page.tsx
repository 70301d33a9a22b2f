import type { Metadata } from "next";
import { galleryRefillOf } from "@/components/gallery/gallery-links";
import { AlphaV3Studio } from "@/components/alpha/alpha-v3-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Alpha v3" };

// `?reuse=<gallery entry>` refills the form with that entry's settings; `?reference=<asset>` adds
// that image to its references (the gallery's Reuse settings and Use as reference, issue 12).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const refill = galleryRefillOf(await searchParams);
  return (
    <>
      <PageHeader title="Alpha v3" description="Text to image with presets, up to three reference images and optional prompt rewriting." />
      <AlphaV3Studio refill={refill} />
    </>
  );
}
