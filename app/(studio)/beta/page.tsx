import type { Metadata } from "next";
import { galleryRefillOf } from "@/components/gallery/gallery-links";
import { betaHistory } from "@/components/beta/beta-history";
import { BetaStudio } from "@/components/beta/beta-studio";
import { generationHistoryQuery } from "@/components/images/generation-history-query";
import { FirstPage } from "@/components/providers/first-page";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { listGenerations } from "@/lib/images/list-generations";

export const metadata: Metadata = { title: "Beta" };

// `?reuse=<gallery entry>` refills the form with that entry's settings; `?reference=<asset>` adds
// that image to its references (the gallery's Reuse settings and Use as reference).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const [query, history] = await Promise.all([searchParams, listGenerations(user, "beta")]);
  return (
    <>
      <PageHeader title="Beta" description="Pro and Lite: reference sets of up to 14 images, groups of related images, and layer decomposition into editable layers." />
      <FirstPage query={generationHistoryQuery(betaHistory)} page={history}>
        <BetaStudio refill={galleryRefillOf(query)} />
      </FirstPage>
    </>
  );
}
