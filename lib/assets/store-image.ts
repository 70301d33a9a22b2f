import "server-only";
import type { Readable } from "node:stream";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { makeThumbnail } from "@/lib/images/thumbnail";
import { probeImage } from "@/lib/images/probe";
import { blobStore } from "@/lib/storage";
import { BlobTooLargeError } from "@/lib/storage/blob-store";

type StoreImageInput = {
  source: Readable | AsyncIterable<Uint8Array>;
  ownerId: string;
  teamId: string | null;
  kind: "image" | "layer" | "input";
  allowedMimes: readonly string[];
  maxBytes: number;
  sourceUrl?: string;
  generationId?: string;
  turnId?: string;
  position?: number;
  visibility?: "private" | "team";
  signal?: AbortSignal;
};

const mimeLabels: Record<string, string> = { "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP" };

// Streams an image into the blob store, checks its real format by magic bytes, records its size,
// sha256 and a WebP thumbnail, and only then creates the Asset row: an Asset always has its bytes.
export async function storeImage(input: StoreImageInput) {
  let stored;
  try {
    stored = await blobStore().put(input.source, { maxBytes: input.maxBytes, signal: input.signal });
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      throw new AppError("payload_too_large", `The image is larger than ${formatMegabytes(input.maxBytes)}`, [
        { field: "file", message: `must be at most ${formatMegabytes(input.maxBytes)}` },
      ]);
    }
    throw error;
  }
  const probe = await probeImage(stored.key);
  if (!probe || !input.allowedMimes.includes(probe.mime)) {
    await deleteBlobIfUnused(stored.key);
    const allowed = input.allowedMimes.map((m) => mimeLabels[m] ?? m).join(" or ");
    throw new AppError("unsupported_media_type", `The file is not a ${allowed} image`, [
      { field: "file", message: `must be a ${allowed} image (detected ${probe?.mime ?? "an unknown format"})` },
    ]);
  }
  const thumbnailKey = probe.width > 0 ? await makeThumbnail(stored.key) : null;
  return db.asset.create({
    data: {
      kind: input.kind,
      storageKey: stored.key,
      sha256: stored.sha256,
      bytes: BigInt(stored.bytes),
      mime: probe.mime,
      width: probe.width || null,
      height: probe.height || null,
      thumbnailKey,
      sourceUrl: input.sourceUrl,
      ownerId: input.ownerId,
      teamId: input.teamId,
      visibility: input.visibility ?? "private",
      generationId: input.generationId,
      turnId: input.turnId,
      position: input.position ?? 0,
    },
  });
}

async function deleteBlobIfUnused(key: string) {
  const users = await db.asset.count({ where: { OR: [{ storageKey: key }, { thumbnailKey: key }] } });
  if (users === 0) await blobStore().delete(key);
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / 100_000) / 10} MB`;
}
