// Spec 4.4 `target.aspect_ratio` values.
export const ASPECT_RATIOS = ["21:9", "16:9", "4:3", "1:1", "3:4", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const BASE_SHORT_EDGE = 768;
export const MIN_SHORT_EDGE = 768;
export const MAX_SHORT_EDGE = 2160;

/** Size families of spec 4.4: base generation and the three post-processing specs. */
export type SizeFamily = "base" | "1080p" | "2k" | "4k";

export const FAMILY_SHORT_EDGE: Record<SizeFamily, number> = { base: 768, "1080p": 1080, "2k": 1440, "4k": 2160 };

/** Spec 4.4 resolution table: which fixed spec a requested short edge ends in. */
export function familyForShortEdge(shortEdge: number): SizeFamily {
  if (shortEdge <= BASE_SHORT_EDGE) return "base";
  if (shortEdge < 1440) return "1080p";
  if (shortEdge < 2160) return "2k";
  return "4k";
}

export interface FrameSize {
  width: number;
  height: number;
}

// Spec 8: reference paths need sizes on the spatial compression multiple (1344x768, not 1280x720).
// Base sizes therefore round the long edge to a multiple of 64 (our choice; it yields 1344x768).
const BASE_MULTIPLE = 64;
// Post-processed sizes keep the family short edge exactly; the long edge only needs to be even (H.264).
const UPSCALED_MULTIPLE = 2;
// Fast mode scales everything down; multiples of 16 keep the encoder on whole macroblocks.
const FAST_MULTIPLE = 16;

const roundTo = (value: number, multiple: number) => Math.max(multiple, Math.round(value / multiple) * multiple);

/**
 * Real frame size of a family and aspect ratio. `mediaScale` is 1 in realistic mode; fast mode
 * scales both sides and the job reports that real size in `resolution`.
 */
export function frameSize(aspectRatio: AspectRatio, family: SizeFamily, mediaScale = 1): FrameSize {
  const [a, b] = aspectRatio.split(":").map(Number) as [number, number];
  const shortEdge = FAMILY_SHORT_EDGE[family];
  const longEdge = roundTo((shortEdge * Math.max(a, b)) / Math.min(a, b), family === "base" ? BASE_MULTIPLE : UPSCALED_MULTIPLE);
  const [short, long] =
    mediaScale === 1 ? [shortEdge, longEdge] : [roundTo(shortEdge * mediaScale, FAST_MULTIPLE), roundTo(longEdge * mediaScale, FAST_MULTIPLE)];
  return a >= b ? { width: long, height: short } : { width: short, height: long };
}

export const formatResolution = (size: FrameSize) => `${size.width}x${size.height}`;
