import { formatMegabytes, mimeList } from "@/lib/assets/media-labels";
import type { ReferenceImage } from "./reference-image";

/** What a generator accepts as reference images. */
export type ReferenceRule = { max: number; mimes: readonly string[]; maxBytes: number };

/**
 * "Use as reference" on a result: `image` joins the references when the rule allows it. The
 * sentence says what happened either way, for the notice under the references. Pure.
 */
export function addReference(references: readonly ReferenceImage[], image: ReferenceImage, rule: ReferenceRule): { references: ReferenceImage[] | null; notice: string } {
  if (references.some((existing) => existing.id === image.id)) return { references: null, notice: "This image is already a reference." };
  if (references.length >= rule.max) return { references: null, notice: `At most ${rule.max} reference images: remove one to add this image.` };
  if (!rule.mimes.includes(image.mime) || image.bytes > rule.maxBytes) {
    return { references: null, notice: `Reference images must be ${mimeList(rule.mimes)} files of at most ${formatMegabytes(rule.maxBytes)}.` };
  }
  return { references: [...references, image], notice: `Added as reference ${references.length + 1} of ${rule.max}.` };
}
