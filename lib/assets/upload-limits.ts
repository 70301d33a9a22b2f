import { z } from "zod";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V35_MAX_IMAGE_BYTES, ALPHA_V3_MAX_IMAGE_BYTES } from "@/lib/upstream/alpha/limits";
import { VIDEO_INPUT_LIMITS } from "@/lib/upstream/video/limits";

// Upload limits per purpose: the alpha models' own limits (spec 4.1, 4.2 rule 1, defined in
// lib/upstream/alpha/limits), and beta inputs (spec 8: ≤ 30 MB, many formats). "MB" is read as the
// stricter decimal megabyte so that whatever we accept the upstream accepts too. Video inputs (spec
// 4.4.1): images, videos and audio, up to the largest type's limit (50 MiB for a video); each type's
// own limit is applied once the bytes say what the file is (lib/videos/store-video-input).
export const uploadPurposes = {
  "alpha-v3": { maxBytes: ALPHA_V3_MAX_IMAGE_BYTES, mimes: ALPHA_IMAGE_MIME_TYPES },
  "alpha-v35": { maxBytes: ALPHA_V35_MAX_IMAGE_BYTES, mimes: ALPHA_IMAGE_MIME_TYPES },
  beta: {
    maxBytes: 30_000_000,
    mimes: ["image/png", "image/jpeg", "image/webp", "image/bmp", "image/tiff", "image/gif", "image/heic", "image/heif"],
  },
  video: {
    maxBytes: VIDEO_INPUT_LIMITS.video.maxBytes,
    mimes: [...VIDEO_INPUT_LIMITS.image.mimes, ...VIDEO_INPUT_LIMITS.video.mimes, ...VIDEO_INPUT_LIMITS.audio.mimes],
  },
} as const;

export type UploadPurpose = keyof typeof uploadPurposes;

const purposeNames = Object.keys(uploadPurposes) as [UploadPurpose, ...UploadPurpose[]];

/**
 * `purpose` as the browser sends it. A zod enum of the object's own keys, never `in`: "constructor",
 * "__proto__" or "toString" are on every object's prototype chain and would pass an `in` check with
 * no limits at all.
 */
const uploadPurposeSchema = z.enum(purposeNames, { error: `must be one of ${purposeNames.join(", ")}` });

/** POST /api/uploads's query string; shared by its handler and the API's document (lib/openapi). */
export const uploadQuerySchema = z.object({
  purpose: uploadPurposeSchema,
  /** The file's own name, for refusals that name it ("clip.mp4: frame rate must be 23 to 60 fps ..."). */
  name: z.string().trim().min(1, "name must not be empty").max(255, "name must be at most 255 characters").optional(),
});

/** Body types the upload route reads: any media type of any purpose, or bytes of unknown type. */
export const UPLOAD_BODY_TYPES: readonly string[] = [
  ...new Set([...Object.values(uploadPurposes).flatMap((purpose) => purpose.mimes), "application/octet-stream"]),
];

/**
 * The largest image the studio reads, checked from the file's header before anything decodes it
 * (a 400 KB PNG can declare 20000×20000 pixels, 1.6 GB once decoded). Chosen from the spec so that
 * nothing an upstream accepts or produces is refused:
 * - `maxPixels` 8192×8192 = 67,108,864: above the largest area any upstream takes as input (beta,
 *   spec 8: 36 million pixels) or produces (alpha v3.5 and beta lite, spec 4.2, 4.3, 8: 16,777,216),
 *   with room for camera photos used as alpha references (the upstream scales those down itself,
 *   spec 4.2 `resize_max_pixels`); one decode then holds at most 64 Mi pixels, a quarter of sharp's
 *   own default and a sixth of the 20000×20000 bomb.
 * - `maxSide` 24,000: the longest side of a beta input within 36 million pixels and 16:1 (spec 8);
 *   the longest output side is 16,384 (beta lite 16:1 within 16,777,216 pixels, spec 4.3). The v3.5
 *   side rule (4.2: 8192) is about sizes it generates, not about references, so it does not bound inputs.
 */
export const IMAGE_PIXEL_LIMIT = { maxSide: 24_000, maxPixels: 8192 * 8192 } as const;
