// The model an entry was made with, as the gallery stores it and its model filter offers it.
// Browser-safe. A video entry's model is its task.
import type { BetaModel } from "@/lib/upstream/beta/limits";
import { VIDEO_TASK_LABELS } from "@/lib/upstream/video/limits";

export const GALLERY_MODEL_LABELS = {
  "alpha-v3": "Alpha v3",
  "alpha-v3.5": "Alpha v3.5",
  "beta-pro": "Beta Pro",
  "beta-lite": "Beta Lite",
  ...VIDEO_TASK_LABELS,
} as const;
export type GalleryModel = keyof typeof GALLERY_MODEL_LABELS;
export const GALLERY_MODELS = Object.keys(GALLERY_MODEL_LABELS) as GalleryModel[];

/** The gallery's name for a beta model of the upstream (spec 9). */
export const BETA_GALLERY_MODEL: Record<BetaModel, GalleryModel> = {
  "beta-image-v5.0-pro": "beta-pro",
  "beta-image-v5.0-lite": "beta-lite",
};
