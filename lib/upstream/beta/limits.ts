// What each beta model accepts, as the spec states it (4.3 parameters and size rules, 8 limits,
// 9 versions). One definition: the wire schema (lib/upstream/beta/wire.ts) refuses a request that
// breaks it before anything is sent, and the studio's form (lib/images/beta-capabilities.ts,
// beta-schemas.ts) builds its controls and messages on it. Browser-safe and pure.

export const BETA_MODELS = ["beta-image-v5.0-pro", "beta-image-v5.0-lite"] as const;
export type BetaModel = (typeof BETA_MODELS)[number];

export const BETA_MODEL_LABELS: Record<BetaModel, string> = {
  "beta-image-v5.0-pro": "Pro",
  "beta-image-v5.0-lite": "Lite",
};

export function isBetaModel(value: unknown): value is BetaModel {
  return typeof value === "string" && (BETA_MODELS as readonly string[]).includes(value);
}

/** The optional abilities that only one of the two models has (spec 4.3, 9). */
export type BetaFeature = "layerDecomposition" | "background" | "optimizePrompt" | "group" | "webSearch";

const FEATURES: Record<BetaModel, Record<BetaFeature, boolean>> = {
  // spec 4.3: layer_decomposition and background are "Pro only"; optimize_prompt_options.mode:
  // "Lite does not support this mode currently".
  "beta-image-v5.0-pro": { layerDecomposition: true, background: true, optimizePrompt: true, group: false, webSearch: false },
  // spec 4.3: sequential_image_generation(_options) and tools are "Lite only".
  "beta-image-v5.0-lite": { layerDecomposition: false, background: false, optimizePrompt: false, group: true, webSearch: true },
};

export function supportsFeature(model: BetaModel, feature: BetaFeature): boolean {
  return FEATURES[model][feature];
}

// spec 4.3, 8
export const BETA_PROMPT_MAX_CHARS = 600;

// spec 4.3 size rules, method 1
export type BetaTier = "1K" | "1.5K" | "2K" | "3K" | "4K";
export const BETA_TIERS: Record<BetaModel, readonly BetaTier[]> = {
  "beta-image-v5.0-pro": ["1K", "1.5K", "2K"],
  "beta-image-v5.0-lite": ["2K", "3K", "4K"],
};
/** Pro layer decomposition: tiers only, `auto` ("follow the input") being its default. */
export const BETA_LAYER_TIERS = ["1K", "1.5K", "2K", "auto"] as const;
export type BetaLayerTier = (typeof BETA_LAYER_TIERS)[number];
/**
 * Pro's default is `2K` (spec 4.3). Lite's method-2 default is 2048x2048, the area of its `2K` tier,
 * so the studio offers Lite's `2K` tier as its default.
 */
export const BETA_DEFAULT_TIER: Record<BetaModel, BetaTier> = {
  "beta-image-v5.0-pro": "2K",
  "beta-image-v5.0-lite": "2K",
};
export const BETA_LAYER_DEFAULT_TIER: BetaLayerTier = "auto";

// spec 4.3 size rules, method 2 (both bounds inclusive: "within [a, b]")
export const BETA_PIXEL_RANGES: Record<BetaModel, { min: number; max: number; minExample: string; maxExample: string }> = {
  "beta-image-v5.0-pro": { min: 921_600, max: 4_624_220, minExample: "1280×720", maxExample: "about 2150×2150" },
  "beta-image-v5.0-lite": { min: 3_686_400, max: 16_777_216, minExample: "2560×1440", maxExample: "4096×4096" },
};
export const BETA_ASPECT_RATIO = { min: 1 / 16, max: 16 } as const;

export function pixelCountWithin(model: BetaModel, width: number, height: number): boolean {
  const { min, max } = BETA_PIXEL_RANGES[model];
  const pixels = width * height;
  return pixels >= min && pixels <= max;
}

export function aspectRatioWithin(width: number, height: number): boolean {
  const ratio = width / height;
  return ratio >= BETA_ASPECT_RATIO.min && ratio <= BETA_ASPECT_RATIO.max;
}

// spec 4.3, 8, 9
export const BETA_MAX_REFERENCE_IMAGES: Record<BetaModel, number> = {
  "beta-image-v5.0-pro": 10,
  "beta-image-v5.0-lite": 14,
};
/** spec 4.3: layer decomposition "splits one image"; the emulator refuses more than one. */
export const BETA_LAYER_SOURCE_IMAGES = 1;
// spec 4.3, 8: max_images in [1, 15]
export const BETA_GROUP_MAX_IMAGES = { min: 1, max: 15 } as const;

/**
 * Reference images (spec 8). "30 MB" and "20 MB" are read as decimal megabytes, the smaller
 * reading (as lib/upstream/alpha/limits does).
 */
export const BETA_INPUT_LIMITS = {
  mimeTypes: ["image/jpeg", "image/png", "image/webp", "image/bmp", "image/tiff", "image/gif", "image/heic", "image/heif"],
  minSide: 14,
  maxPixels: 36_000_000,
  maxImageBytes: 30_000_000,
  maxBodyBytes: 20_000_000,
} as const;
