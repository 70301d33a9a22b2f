// What the browser gets about gallery entries. Browser-safe types: no storage keys,
// links through the studio only.
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { LineageDto } from "./lineage-dto";
import type { GalleryKind } from "./gallery-rules";

export type PersonDto = { id: string; name: string };
export type TeamRefDto = { id: string; name: string };

/** One tile of the grid. */
export type GalleryItemDto = {
  id: string;
  kind: GalleryKind;
  model: string;
  prompt: string;
  createdAt: string;
  owner: PersonDto;
  /** The team it is shared with; null when private. */
  sharedWith: TeamRefDto | null;
  sharedAt: string | null;
  imageCount: number;
  /** A WebP thumbnail (a video's poster frame); null while none can be shown. */
  thumbnailUrl: string | null;
  /** The same thumbnail by a signed URL that needs no session, open for DELIVERY_URL_TTL_SECONDS (lib/assets/delivery-url). */
  deliveryThumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  /** A video's length. */
  durationMs: number | null;
  /**
   * The entries the tile stands for, its own first: a variation set's entries that match the tab and
   * its filters (one tile for the set), or the entry alone.
   */
  variationIds: string[];
};

export type GalleryPageDto = { items: GalleryItemDto[]; nextCursor: string | null };

/** Where "Reuse settings" leads: the generator that made the entry, refilled. */
export type ReuseTarget = "alpha-v3" | "beta" | "video" | "chat";

/** GET /api/gallery/items/[id]/reuse: the form values to refill the generator with. */
export type ReuseDto = { target: ReuseTarget; values: unknown };

/** The detail view of one entry. */
export type GalleryItemDetailDto = GalleryItemDto & {
  /** What the viewer may do: share/unshare and public links are the owner's; delete is the owner's or a site admin's. */
  can: { share: boolean; delete: boolean; fork: boolean; publicLink: boolean };
  /** The request that made it, as stored: model, prompt, size, seed and every other parameter. */
  request: { params: unknown; revisedPrompt: string | null; requestId: string | null; tokens: number | null };
  /** Everything it shows: the images (a set's base and layers, a group's images), or the video. */
  outputs: AssetDto[];
  /** The reference images or inputs it was made from (those the viewer may open). */
  references: AssetDto[];
  /** The conversation or video job behind it, to open in its own page. */
  conversationId: string | null;
  videoJobId: string | null;
  generationId: string | null;
  /** The entries of its variation set that the viewer may see, in the order they were made; empty when not in a set. */
  variations: { id: string; thumbnailUrl: string | null }[];
  /** The entries it was made from, and those made from it, that the viewer may see. */
  lineage: LineageDto;
};

/** What deleting entries did: outputs still needed elsewhere are kept, each with the reason. */
export type GalleryDeleteDto = { deleted: number; kept: { assetId: string; reason: string }[] };
