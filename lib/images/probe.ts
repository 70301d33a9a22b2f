import "server-only";
import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { blobStore } from "@/lib/storage";

export type ImageProbe = { mime: string; width: number; height: number };

// Reads the real format from magic bytes (never the file name or the declared Content-Type).
export async function sniffMime(storageKey: string): Promise<string | undefined> {
  const head = await buffer(await blobStore().get(storageKey, { start: 0, end: 4099 }));
  return (await fileTypeFromBuffer(head))?.mime;
}

export async function probeImage(storageKey: string): Promise<ImageProbe | undefined> {
  const mime = await sniffMime(storageKey);
  if (!mime?.startsWith("image/")) return undefined;
  const source = await blobStore().get(storageKey);
  const reader = sharp({ limitInputPixels: false });
  source.pipe(reader);
  try {
    const meta = await reader.metadata();
    if (!meta.width || !meta.height) return undefined;
    return { mime, width: meta.width, height: meta.height };
  } catch {
    // HEIC and other formats sharp cannot decode still have a known mime; size stays unknown.
    return { mime, width: 0, height: 0 };
  }
}
