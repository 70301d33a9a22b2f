import type { Metadata } from "next";
import { GalleryBrowser } from "@/components/gallery/gallery-browser";
import { galleryListQuery } from "@/components/gallery/gallery-queries";
import type { GalleryFilters } from "@/components/gallery/gallery-url";
import { filtersOfPageQuery } from "@/components/gallery/gallery-url-filters";
import { FirstPage } from "@/components/providers/first-page";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser, type CurrentUser } from "@/lib/auth/current-user";
import { isAppError } from "@/lib/errors";
import { galleryQuerySchema } from "@/lib/gallery/gallery-schemas";
import { listGallery } from "@/lib/gallery/list-gallery";
import { listMyTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Gallery" };

// The gallery: the signed-in user's own entries and one tab per team they belong to. The
// first page of the tab in the address is read here, under the access rule of GET /api/gallery,
// which serves the pages after it and every later change of tab or filter.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const filters = filtersOfPageQuery(await searchParams);
  const [teams, firstPage] = await Promise.all([listMyTeams(user), readFirstPage(user, filters)]);
  return (
    <>
      <PageHeader title="Gallery" description="Everything you made, and what your teams share: images, layer sets, group sets, conversations and videos." />
      <FirstPage query={galleryListQuery(filters)} page={firstPage}>
        <GalleryBrowser teams={teams} filters={filters} />
      </FirstPage>
    </>
  );
}

/** A tab the user may not read (a team they have left), or filters the API refuses, are left to the browser, which shows the API's refusal. */
async function readFirstPage(user: CurrentUser, filters: GalleryFilters) {
  const query = galleryQuerySchema.safeParse(filters);
  if (!query.success) return undefined;
  try {
    return await listGallery(user, query.data);
  } catch (error) {
    if (isAppError(error)) return undefined;
    throw error;
  }
}
