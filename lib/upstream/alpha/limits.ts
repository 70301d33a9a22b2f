// Limits of the alpha image models as the spec states them (4.1 v3, 4.2 v3.5, 8 limits, 9 versions),
// and the pure helpers that check them. The wire layer validates against these; the studio's form
// schemas (lib/images/alpha-schemas.ts) build their messages on them. Browser-safe and pure.
//
// Counting "characters": the spec states prompt and footnote limits in characters (4.1, 8) and, for
// the v3.5 footnote, in code points (4.2). The studio counts Unicode code points for every length
// rule, so the form counter and the server check agree: an emoji or other astral character (a
// surrogate pair in JavaScript) counts once, a lone surrogate also counts once. `String.length`
// counts UTF-16 units and would count each emoji twice.

/** The models' names on the wire (spec 9), here so that the usage pages name them without loading the wire schemas. */
export const ALPHA_V3_MODEL = "alpha-image-v3";
export const ALPHA_V35_MODEL = "alpha-image-v3.5-preview";

/** Number of Unicode code points in `text`. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _codePoint of text) count += 1;
  return count;
}

/** The first `max` code points of `text`; never cuts a surrogate pair in half. */
export function truncateToCodePoints(text: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const codePoint of text) {
    if (count >= max) break;
    count += 1;
    end += codePoint.length;
  }
  return text.slice(0, end);
}

// spec 4.1, 8
export const ALPHA_V3_PROMPT_MAX_CODE_POINTS = 8192;
// spec 4.1, 4.2, 8 (both models)
export const ALPHA_FOOTNOTE_MAX_CODE_POINTS = 16;
// spec 4.1
export const ALPHA_V3_MAX_REFERENCE_IMAGES = 3;
// spec 9 lists at most 6 reference images for v3.5 (8 allows 20 per request in total, history
// included); the form keeps a single turn within the stricter number.
export const ALPHA_V35_MAX_IMAGES_PER_TURN = 6;
// "10 MB" / "20 MB" (spec 4.1, 4.2 rule 1) read in decimal megabytes, the smaller reading.
export const ALPHA_V3_MAX_IMAGE_BYTES = 10_000_000;
export const ALPHA_V35_MAX_IMAGE_BYTES = 20_000_000;
// png, jpeg, jpg (spec 4.1, 4.2 rule 1); jpg and jpeg share one media type.
export const ALPHA_IMAGE_MIME_TYPES = ["image/png", "image/jpeg"] as const;

export const ALPHA_V3_SIZE_LIMITS = { minSide: 512, maxSide: 2048, maxArea: 1024 * 1024 } as const; // spec 4.1
export const ALPHA_V35_SIZE_LIMITS = { minSide: 256, maxSide: 8192, maxArea: 16_777_216 } as const; // spec 4.2
export const ALPHA_V3_SEED_RANGE = { min: 1, max: 4_294_967_295 } as const; // spec 4.1
export const ALPHA_V35_SEED_MAX = 9_223_372_036_854_775_807n; // spec 4.2: int64, [0, 2^63-1]

// spec 4.2 generate_max_pixels tiers
export const ALPHA_V35_PIXEL_TIERS = { "1K": 1_048_576, "1.5K": 2_359_296, "2K": 4_194_304 } as const;
export type AlphaV35PixelTier = keyof typeof ALPHA_V35_PIXEL_TIERS;

/** The 37 preset sizes of spec 4.1, as `WxH`, grouped by shape. */
export const ALPHA_V3_PRESET_SIZES = {
  landscape: [
    "2048x512", "1984x512", "1920x512", "1856x512", "1792x512", "1728x512", "1664x512", "1600x512",
    "1536x512", "1472x576", "1408x640", "1344x704", "1280x768", "1216x832", "1152x896", "1088x960",
    "1024x768", "1280x720",
  ],
  square: ["1024x1024"],
  portrait: [
    "960x1088", "896x1152", "832x1216", "768x1280", "704x1344", "640x1408", "576x1472", "512x1536",
    "512x1600", "512x1664", "512x1728", "512x1792", "512x1856", "512x1920", "512x1984", "512x2048",
    "768x1024", "720x1280",
  ],
} as const;
export type AlphaV3PresetSize = (typeof ALPHA_V3_PRESET_SIZES)[keyof typeof ALPHA_V3_PRESET_SIZES][number];

export interface PixelSize {
  width: number;
  height: number;
}

/** Reads `WxH` (lowercase x, no spaces, no leading zeros); anything else gives `undefined`. */
export function parsePixelSize(value: string): PixelSize | undefined {
  const match = /^([1-9]\d{0,5})x([1-9]\d{0,5})$/.exec(value);
  if (!match) return undefined;
  return { width: Number(match[1]), height: Number(match[2]) };
}

export interface SizeLimits {
  minSide: number;
  maxSide: number;
  maxArea: number;
}

/** Whether `value` is a `WxH` whose sides and area are within `limits`. */
export function isSizeWithin(value: string, limits: SizeLimits): boolean {
  const size = parsePixelSize(value);
  if (!size) return false;
  const { width, height } = size;
  const sideOk = (side: number) => side >= limits.minSide && side <= limits.maxSide;
  return sideOk(width) && sideOk(height) && width * height <= limits.maxArea;
}
