import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PublicEntry } from "@/components/public/public-entry";
import { isAppError } from "@/lib/errors";
import { publicEntry } from "@/lib/gallery/share-links";

export const metadata: Metadata = { title: "Shared from the studio" };

// Outside the (studio) layout: no sign-in. A link that does not work, for any reason, is
// the plain 404 page, saying nothing about why.
export default async function PublicLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const entry = await publicEntry(token).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  return <PublicEntry entry={entry} />;
}
