// The gallery's rules the pages show without checking anything (the kinds and their labels, page
// and selection sizes, the search's length): kept apart from the zod schemas (gallery-schemas.ts,
// which use them) so that a page showing them does not load zod with its first paint.

export const GALLERY_KINDS = ["image", "layer_set", "group_set", "video", "conversation"] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

export const GALLERY_KIND_LABELS: Record<GalleryKind, string> = {
  image: "Image",
  layer_set: "Layer set",
  group_set: "Group set",
  video: "Video",
  conversation: "Conversation",
};

/** Entries per page of the grid, and the most a request may ask for. */
export const GALLERY_PAGE_SIZE = 60;
export const GALLERY_PAGE_MAX = 100;
/** Longest search text: a few words of a prompt. */
export const GALLERY_SEARCH_MAX_CHARS = 200;
/** Most entries one selection action (ZIP, share, unshare, delete) takes. */
export const GALLERY_SELECTION_MAX = 100;
