import "server-only";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { dataDir } from "@/lib/data-dir";
import { db } from "@/lib/db/client";
import type { Asset, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { convertToSize, extractPosterFrame, probeMedia } from "@/lib/media/ffmpeg";
import { mediaSlots } from "@/lib/media/media-slots";
import type { MediaProbe } from "@/lib/media/probe-output";
import { isMediaToolError } from "@/lib/media/run-tool";
import { blobStore } from "@/lib/storage";
import { withLocalFile } from "@/lib/storage/blob-store";
import { dropHolds, holdBlob, releaseBlobs } from "./pending-blobs";

type VideoOwner = { ownerId: string; teamId: string | null; signal?: AbortSignal };

type StoreVideoResultInput = VideoOwner & {
  source: Readable | AsyncIterable<Uint8Array>;
  /** Cut the download off past this many bytes (the blob store then keeps nothing of it). */
  maxBytes?: number;
};

/** Where the poster frame is taken: a second in (a generated clip may open on a fade), or mid-clip when shorter. */
const POSTER_AT_SECONDS = 1;

/**
 * A finished video job's MP4, streamed into the blob store (never whole in memory; the store writes a
 * temp file, fsyncs and renames, so a crash leaves no half blob). It must be a real video: ffprobe
 * reads its size, length and frame rate, and its poster frame (the thumbnail) must decode; else this
 * throws (AppError "upstream_failed") and keeps nothing. Only then is the Asset (kind "video") created.
 */
export async function storeVideoResult(input: StoreVideoResultInput): Promise<Asset> {
  return mediaSlots().run(input.ownerId, () => storeVideoFile(input.source, input), { signal: input.signal, whenBusy: "wait" });
}

/**
 * A second Asset with `source`'s video re-encoded to exactly `size` ("720p delivery", spec 8: generate
 * at a supported size, convert afterwards). The conversion is written to a temp
 * directory removed whatever happens, then stored like a result.
 */
export async function storeConvertedVideo(source: Pick<Asset, "storageKey">, size: { width: number; height: number }, owner: VideoOwner): Promise<Asset> {
  return mediaSlots().run(owner.ownerId, () => convertAndStore(source, size, owner), { signal: owner.signal, whenBusy: "wait" });
}

async function convertAndStore(source: Pick<Asset, "storageKey">, size: { width: number; height: number }, owner: VideoOwner): Promise<Asset> {
  const directory = await mkdtemp(path.join(await conversionsRoot(), "convert-"));
  try {
    const output = path.join(directory, "converted.mp4");
    await withLocalFile(blobStore(), source.storageKey, (file) => convertToSize(file, output, size, { signal: owner.signal }));
    return await storeVideoFile(createReadStream(output), owner);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

// Conversions are written in the data directory, beside the blobs (the same disk, sized for media,
// unlike a small tmpfs /tmp). What a crash left there is removed on first use, as the blob store does
// with its own temp files; on globalThis so every route bundle of the server shares the one clean-up.
const conversions = globalThis as typeof globalThis & { studioConversionsRoot?: Promise<string> };

function conversionsRoot(): Promise<string> {
  conversions.studioConversionsRoot ??= (async () => {
    const root = path.join(dataDir(), "conversions");
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true, mode: 0o700 });
    return root;
  })();
  return conversions.studioConversionsRoot;
}

/** The poster frame of the clip at `filePath`, stored as a WebP blob: the key the asset's `thumbnailKey` names. */
export async function storePosterFrame(filePath: string, durationSeconds: number | null, signal?: AbortSignal): Promise<string> {
  const atSeconds = Math.min(POSTER_AT_SECONDS, (durationSeconds ?? 0) / 2);
  const poster = await extractPosterFrame(filePath, { atSeconds, signal });
  return (await blobStore().put(Readable.from([poster]), { signal })).key;
}

async function storeVideoFile(source: Readable | AsyncIterable<Uint8Array>, input: VideoOwner & { maxBytes?: number }): Promise<Asset> {
  const stored = await blobStore().put(source, { maxBytes: input.maxBytes, signal: input.signal });
  const holds = [await holdBlob(stored.key)];
  let asset: Asset | undefined;
  try {
    const { probe, picture, thumbnailKey } = await withLocalFile(blobStore(), stored.key, async (file) => {
      const probe = await notAVideoUnless(() => probeMedia(file, { signal: input.signal }));
      const picture = probe.video;
      if (!picture || !probe.formatNames.includes("mp4")) throw notAVideo(probeSummary(probe));
      return { probe, picture, thumbnailKey: await notAVideoUnless(() => storePosterFrame(file, probe.durationSeconds, input.signal)) };
    });
    holds.push(await holdBlob(thumbnailKey));
    input.signal?.throwIfAborted();
    const data: Prisma.AssetUncheckedCreateInput = {
      kind: "video",
      storageKey: stored.key,
      sha256: stored.sha256,
      bytes: BigInt(stored.bytes),
      mime: "video/mp4",
      width: picture.width,
      height: picture.height,
      durationMs: probe.durationSeconds === null ? null : Math.round(probe.durationSeconds * 1000),
      thumbnailKey,
      ownerId: input.ownerId,
      teamId: input.teamId,
    };
    asset = await db.$transaction(async (tx) => {
      const created = await tx.asset.create({ data });
      await dropHolds(tx, holds);
      return created;
    });
    return asset;
  } finally {
    await releaseBlobs(holds, asset !== undefined);
  }
}

async function notAVideoUnless<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isMediaToolError(error) || error.failure === "not_started") throw error;
    // What ffmpeg said names server paths: the log keeps it, the job's error says what it means.
    log.warn({ err: error }, "a video result did not read as a video");
    throw notAVideo(error.failure === "timed_out" ? "reading it timed out" : "ffmpeg cannot read it");
  }
}

function probeSummary(probe: MediaProbe): string {
  return `${probe.formatNames.join(",") || "unknown format"}, ${probe.video ? `${probe.video.codec} picture` : "no picture"}`;
}

function notAVideo(detail: string): AppError {
  return new AppError("upstream_failed", `The video service's result is not a playable MP4 video (${detail})`);
}
