import "server-only";
import sharp, { type Sharp } from "sharp";

// Thumbnails and video poster frames (lib/assets/thumbnail.ts, lib/media/ffmpeg.ts) share one size
// bound.

/**
 * The most bytes a thumbnail or a video's poster frame may have: the gallery grid shows dozens at
 * once. A photo stays well under it at quality 78; noise, fine texture or a noisy alpha
 * channel would not, so those are encoded at a lower quality, then smaller, until they fit.
 */
export const THUMBNAIL_MAX_BYTES = 40 * 1024;
const THUMBNAIL_QUALITY_STEPS = [78, 60, 45, 30] as const;
// libwebp's effort 2 instead of its default 4: a 384-pixel thumbnail of a 1024² generated image costs
// about 33 ms of CPU instead of 42 (npm run bench:proxy counts it per generation), for files about
// 5% larger.
const WEBP_EFFORT = 2;

/**
 * `image` as a WebP of at most `edge` pixels a side and at most THUMBNAIL_MAX_BYTES: quality 78 when
 * that fits (alpha kept exact), else lower qualities, then halved sizes. Decoded and scaled once; only
 * the small picture is encoded again.
 */
export async function boundedWebp(image: Sharp, edge: number): Promise<Buffer> {
  const { data, info } = await image.resize(edge, edge, { fit: "inside", withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  for (const quality of THUMBNAIL_QUALITY_STEPS) {
    const webp = await pixels()
      .webp({ quality, alphaQuality: quality === THUMBNAIL_QUALITY_STEPS[0] ? 100 : quality, effort: WEBP_EFFORT })
      .toBuffer();
    if (webp.length <= THUMBNAIL_MAX_BYTES) return webp;
  }
  const lowest = THUMBNAIL_QUALITY_STEPS.at(-1);
  // A WebP of 64x64 pixels or fewer is smaller than the limit whatever it shows.
  for (let side = Math.floor(Math.max(info.width, info.height) / 2); ; side = Math.floor(side / 2)) {
    const webp = await pixels().resize(side, side, { fit: "inside" }).webp({ quality: lowest, alphaQuality: lowest, effort: WEBP_EFFORT }).toBuffer();
    if (webp.length <= THUMBNAIL_MAX_BYTES || side <= 64) return webp;
  }
}
