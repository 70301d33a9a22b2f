// What the browser gets about lineage: which gallery entries a piece of work was made from, and which
// were made from an entry. Browser-safe: no storage keys, links through the studio only.
import type { GalleryKind } from "./gallery-rules";

/** How the work used the source's image (the database's LineageRole). */
export type LineageRoleDto = "first_frame" | "last_frame" | "reference" | "layer_source" | "video_frame";

/** How a role reads beside the entry: "Made from … (first frame)". */
export const LINEAGE_ROLE_LABELS: Record<LineageRoleDto, string> = {
  first_frame: "first frame",
  last_frame: "last frame",
  reference: "reference",
  layer_source: "split into layers",
  video_frame: "frame taken",
};

/** One gallery entry on the other end of a lineage link, that the viewer may see. */
export type LineageEntryDto = {
  itemId: string;
  kind: GalleryKind;
  model: string;
  prompt: string;
  thumbnailUrl: string | null;
  role: LineageRoleDto;
};

/** An entry's lineage both ways. */
export type LineageDto = { madeFrom: LineageEntryDto[]; usedIn: LineageEntryDto[] };
