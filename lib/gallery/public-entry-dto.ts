import type { GalleryKind } from "./gallery-rules";

// What a public link's page shows: the entry's files, prompt and model, nothing about its
// owner or team. Browser-safe; file links go through the link's own route.
export type PublicFileDto = { id: string; mime: string; width: number | null; height: number | null; url: string };

export type PublicEntryDto = {
  kind: GalleryKind;
  model: string;
  prompt: string;
  createdAt: string;
  expiresAt: string;
  files: PublicFileDto[];
};
