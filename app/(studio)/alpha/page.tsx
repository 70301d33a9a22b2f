import type { Metadata } from "next";
import { galleryRefillOf } from "@/components/gallery/gallery-links";
import { alphaV3History } from "@/components/alpha/alpha-v3-history";
import { AlphaV3Studio } from "@/components/alpha/alpha-v3-studio";
import { generationHistoryQuery } from "@/components/images/generation-history-query";
import { FirstPage } from "@/components/providers/first-page";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { listGenerations } from "@/lib/images/list-generations";

export const metadata: Metadata = { title: "Alpha v3" };

// `?reuse=<gallery entry>` refills the form with that entry's settings; `?reference=<asset>` adds
// that image to its references (the gallery's Reuse settings and Use as reference).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const [query, history] = await Promise.all([searchParams, listGenerations(user, "alpha_v3")]);
  return (
    <>
      <PageHeader title="Alpha v3" description="Text to image with presets, up to three reference images and optional prompt rewriting." />
      <FirstPage query={generationHistoryQuery(alphaV3History)} page={history}>
        <AlphaV3Studio refill={galleryRefillOf(query)} />
      </FirstPage>
    </>
  );
}
