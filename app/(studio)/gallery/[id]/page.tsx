import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GalleryDetail } from "@/components/gallery/gallery-detail";
import { requirePageUser } from "@/lib/auth/current-user";
import { isAppError } from "@/lib/errors";
import { openItemForUser } from "@/lib/gallery/open-item";
import { listMyTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Gallery entry" };

// One gallery entry. An entry the user may not see answers the 404 page, exactly like a missing one
// (never confirm that it exists); the browser then reads it from GET /api/gallery/items/[id].
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  await openItemForUser(user, id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  const teams = await listMyTeams(user);
  return <GalleryDetail key={id} id={id} teams={teams} />;
}
