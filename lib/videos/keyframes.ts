import "server-only";
import { Readable } from "node:stream";
import sharp from "sharp";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { Asset } from "@/lib/generated/prisma/client";
import { blobStore } from "@/lib/storage";
import { withLocalFile } from "@/lib/storage/blob-store";
import { SUPPORTED_BASE_SIZES, VIDEO_INPUT_LIMITS } from "@/lib/upstream/video/limits";
import type { VideoInputSlot } from "./video-rules";
import type { VideoFormValues } from "./video-schemas";

/** An input as it is sent: the uploaded file or the studio's prepared copy of it, and what was done. */
export type PreparedInput = { slot: VideoInputSlot; assetId: string; note: string | null };

const SLOT_NAMES: Record<VideoInputSlot, string> = { first: "First frame", last: "Last frame", reference: "Reference" };

/**
 * Spec 8: on the keyframe path use a supported size (such as 1344x768, never 1280x720); a size off
 * the spatial compression multiple errors. Each keyframe image is prepared at the supported base size
 * of the chosen aspect ratio: scaled when its ratio matches, otherwise cropped to the frame around
 * its centre and scaled, and the note says which. References are sent as uploaded.
 */
export async function prepareKeyframes(user: CurrentUser, values: VideoFormValues, inputs: readonly Asset[]): Promise<PreparedInput[]> {
  const target = SUPPORTED_BASE_SIZES[values.aspectRatio];
  return Promise.all(
    values.inputs.map(async (input, index) => {
      const asset = inputs[index];
      if (values.task !== "fl2va" || input.type !== "image") return { slot: input.slot, assetId: input.assetId, note: null };
      if (asset.width === target.width && asset.height === target.height) return { slot: input.slot, assetId: asset.id, note: null };
      const png = await withLocalFile(blobStore(), asset.storageKey, (file) => sharp(file).rotate().resize(target.width, target.height, { fit: "cover", position: "centre" }).png().toBuffer());
      const prepared = await storeImage({
        source: Readable.from([png]),
        ownerId: user.id,
        teamId: asset.teamId,
        kind: "input",
        allowedMimes: ["image/png"],
        maxBytes: VIDEO_INPUT_LIMITS.image.maxBytes,
        decode: "before-row",
      });
      const from = `${asset.width}×${asset.height}`;
      const to = `${target.width}×${target.height}`;
      const sameRatio = asset.width !== null && asset.height !== null && Math.abs(asset.width / asset.height - target.width / target.height) < 0.01;
      const how = sameRatio ? `scaled from ${from} to ${to}` : `cropped to the ${values.aspectRatio} frame and scaled from ${from} to ${to}`;
      return { slot: input.slot, assetId: prepared.id, note: `${SLOT_NAMES[input.slot]}: ${how} (the supported size for ${values.aspectRatio})` };
    }),
  );
}

/** The prepared inputs stored with a job (its `preparation` column). */
export function preparedInputs(value: unknown): PreparedInput[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is PreparedInput => Boolean(item) && typeof item === "object" && typeof (item as PreparedInput).assetId === "string");
}
