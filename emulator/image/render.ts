import sharp, { type OverlayOptions, type Sharp } from "sharp";
import type { ImageFormat } from "./files";
import { hashSeed } from "./seeded-random";
import { captionSvg, sceneSvg } from "./svg";

export interface RenderRequest {
  width: number;
  height: number;
  prompt: string;
  /** Decimal seed (alpha v3.5 seeds are int64, so never a JS number here). */
  seed: string;
  format: ImageFormat;
  /** Text of the top band; defaults to the prompt. */
  caption?: string;
  /** Footnote or watermark drawn bottom right. */
  cornerMark?: string;
  /** Reference images (decodable bytes) drawn as thumbnails bottom left. */
  references?: readonly Buffer[];
  transparentBackground?: boolean;
  /** Distinguishes related images of one request (beta group generation): same colours, other shapes. */
  variant?: string;
}

/** Encoding tuned for speed: generated images are throwaway test fixtures (spec target: 1024² < 300 ms). */
export function encode(image: Sharp, format: ImageFormat): Promise<Buffer> {
  return format === "png"
    ? image.png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer()
    : image.jpeg({ quality: 88 }).toBuffer();
}

async function thumbnailOverlays(references: readonly Buffer[], width: number, height: number): Promise<OverlayOptions[]> {
  const side = Math.max(16, Math.round(Math.min(width, height) / 5));
  const border = Math.max(1, Math.round(side / 40));
  const margin = Math.round(side / 8);
  const fitting = Math.max(0, Math.floor((width - margin) / (side + 2 * border + margin)));
  return Promise.all(
    references.slice(0, fitting).map(async (reference, index) => ({
      input: await sharp(reference)
        .resize(side, side, { fit: "cover" })
        .extend({ top: border, bottom: border, left: border, right: border, background: "#ffffff" })
        .png()
        .toBuffer(),
      left: margin + index * (side + 2 * border + margin),
      top: Math.max(0, height - side - 2 * border - margin),
    })),
  );
}

/** Overlays shared by fresh images and edits: caption band, corner mark, reference thumbnails. */
export async function annotations(
  request: Pick<RenderRequest, "width" | "height" | "prompt" | "caption" | "cornerMark" | "references">,
): Promise<OverlayOptions[]> {
  const caption = captionSvg({
    width: request.width,
    height: request.height,
    caption: request.caption ?? request.prompt,
    cornerMark: request.cornerMark,
  });
  return [
    ...(await thumbnailOverlays(request.references ?? [], request.width, request.height)),
    { input: Buffer.from(caption), left: 0, top: 0 },
  ];
}

/** A deterministic picture: equal requests give byte-identical files. */
export async function renderImage(request: RenderRequest): Promise<Buffer> {
  const scene = sceneSvg({
    width: request.width,
    height: request.height,
    sceneSeed: hashSeed(request.prompt, request.seed),
    shapesSeed: request.variant === undefined ? undefined : hashSeed(request.prompt, request.seed, request.variant),
    transparentBackground: request.transparentBackground ?? false,
  });
  const image = sharp(Buffer.from(scene)).composite(await annotations(request));
  return encode(image, request.format);
}
