import "server-only";
import sharp from "sharp";
import { blobStore } from "@/lib/storage";

const THUMBNAIL_EDGE = 384;

// A small WebP for grids and history strips, so pages never download full-size originals to show
// a preview. Stored in the blob store like any other content.
export async function makeThumbnail(storageKey: string): Promise<string> {
  const source = await blobStore().get(storageKey);
  const resizer = sharp({ limitInputPixels: 268_402_689 })
    .rotate()
    .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 78 });
  source.pipe(resizer);
  const stored = await blobStore().put(resizer);
  return stored.key;
}
