import { deliveryThumbnailUrl } from "@/lib/assets/delivery-links";
import type { GalleryItemDto } from "./gallery-dto";
import type { GalleryKind } from "./gallery-rules";

/** A gallery entry row with what its tile shows: the owner's name, the team's name, the cover's size. */
export type GalleryItemRow = {
  id: string;
  kind: GalleryKind;
  model: string;
  prompt: string;
  createdAt: Date;
  sharedAt: Date | null;
  imageCount: number;
  owner: { id: string; name: string };
  team: { id: string; name: string } | null;
  cover: {
    id: string;
    width: number | null;
    height: number | null;
    durationMs: number | null;
    kind: string;
    mime: string;
    storageKey: string;
    thumbnailKey: string | null;
  } | null;
  /** The entries a list's tile stands for (a variation set's that match); the entry alone elsewhere. */
  variationIds?: string[];
};

/** The Prisma `select` that reads a GalleryItemRow. */
export const galleryItemRowSelect = {
  id: true,
  kind: true,
  model: true,
  prompt: true,
  createdAt: true,
  sharedAt: true,
  imageCount: true,
  owner: { select: { id: true, name: true } },
  team: { select: { id: true, name: true } },
  cover: { select: { id: true, width: true, height: true, durationMs: true, kind: true, mime: true, storageKey: true, thumbnailKey: true } },
} as const;

// Links go through the studio (the asset route applies the item's access rule); the thumbnail is a
// WebP (a video's poster frame). The delivery URL is minted here, where the viewer's access was checked.
export function toGalleryItemDto(row: GalleryItemRow): GalleryItemDto {
  return {
    id: row.id,
    kind: row.kind,
    model: row.model,
    prompt: row.prompt,
    createdAt: row.createdAt.toISOString(),
    owner: row.owner,
    sharedWith: row.team,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    imageCount: row.imageCount,
    thumbnailUrl: row.cover ? `/api/assets/${row.cover.id}?variant=thumb` : null,
    deliveryThumbnailUrl: row.cover ? deliveryThumbnailUrl(row.cover) : null,
    width: row.cover?.width ?? null,
    height: row.cover?.height ?? null,
    durationMs: row.cover?.durationMs ?? null,
    variationIds: row.variationIds ?? [row.id],
  };
}
