import { alphaInvalid } from "./errors";
import { parseSize, type Size } from "./sizes";
import { codePointLength } from "./text";

/** Spec 4.2 generate_max_pixels tiers: 1K, 1.5K (default), 2K. */
export const PIXEL_TIERS = [1_048_576, 2_359_296, 4_194_304] as const;
export const DEFAULT_PIXEL_TIER = 2_359_296;
export const DEFAULT_RESIZE_MAX_PIXELS = 1_048_576;
export const V35_BOUNDS = { minSide: 256, maxSide: 8192, maxArea: 16_777_216 };
const MAX_SEED = 2n ** 63n - 1n;
const MAX_FOOTNOTE_CODE_POINTS = 16;

export interface V35Params {
  size?: Size;
  /** Only when the client sent generate_max_pixels: the tier it maps to. */
  pixelTier?: number;
  /** Decimal int64; undefined means server-chosen. */
  seed?: string;
  resizeMaxPixels: number;
  footnote?: string;
  useSearchTool: boolean;
  session?: string;
}

/** Spec 4.2: a non-tier value is assigned to the nearest tier. */
export const nearestTier = (pixels: number) =>
  PIXEL_TIERS.reduce((best, tier) => (Math.abs(tier - pixels) < Math.abs(best - pixels) ? tier : best));

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;

function validateSize(size: unknown): Size | undefined {
  if (size === undefined || size === "") return undefined;
  const parsed = typeof size === "string" ? parseSize(size) : undefined;
  if (!parsed) throw alphaInvalid("size must be ${width}x${height} with positive integers", "size");
  if ([parsed.width, parsed.height].some((side) => side < V35_BOUNDS.minSide || side > V35_BOUNDS.maxSide)) {
    throw alphaInvalid(`width and height must be within [${V35_BOUNDS.minSide}, ${V35_BOUNDS.maxSide}]`, "size");
  }
  if (parsed.width * parsed.height > V35_BOUNDS.maxArea) {
    throw alphaInvalid(`width x height must be at most ${V35_BOUNDS.maxArea}`, "size");
  }
  return parsed;
}

function validateSeed(seed: unknown): string | undefined {
  if (seed === undefined) return undefined;
  if (typeof seed !== "number" || !Number.isInteger(seed)) throw alphaInvalid("seed must be an integer", "seed");
  if (seed < 0) throw alphaInvalid("seed must not be negative", "seed");
  // JSON numbers are doubles here: 2^63-1 arrives as 2^63, so that value stands for the maximum.
  if (seed > Number(MAX_SEED)) throw alphaInvalid("seed must be at most 2^63-1", "seed");
  const asBigInt = BigInt(seed) > MAX_SEED ? MAX_SEED : BigInt(seed);
  return asBigInt === 0n ? undefined : asBigInt.toString();
}

/** Spec 4.2 parameter table (everything but model and messages). */
export function validateV35Params(body: Record<string, unknown>): V35Params {
  const { generate_max_pixels: maxPixels, resize_max_pixels: resizeMax, footnote, use_search_tool: search, session } = body;

  if (maxPixels !== undefined && !isPositiveInteger(maxPixels)) {
    throw alphaInvalid("generate_max_pixels must be a positive integer", "generate_max_pixels");
  }
  if (resizeMax !== undefined && !isPositiveInteger(resizeMax)) {
    throw alphaInvalid("resize_max_pixels must be a positive integer", "resize_max_pixels");
  }
  if (footnote !== undefined && (typeof footnote !== "string" || codePointLength(footnote) > MAX_FOOTNOTE_CODE_POINTS)) {
    throw alphaInvalid(`footnote must be at most ${MAX_FOOTNOTE_CODE_POINTS} code points`, "footnote");
  }
  // Spec 4.2: fixed shape {value: boolean}.
  const searchIsValid =
    search === undefined ||
    (typeof search === "object" &&
      search !== null &&
      !Array.isArray(search) &&
      Object.keys(search).length === 1 &&
      typeof (search as { value?: unknown }).value === "boolean");
  if (!searchIsValid) throw alphaInvalid("use_search_tool must be {value: boolean}", "use_search_tool");
  if (session !== undefined && typeof session !== "string") throw alphaInvalid("session must be a string", "session");

  return {
    size: validateSize(body.size),
    pixelTier: maxPixels === undefined ? undefined : nearestTier(maxPixels as number),
    seed: validateSeed(body.seed),
    resizeMaxPixels: (resizeMax as number | undefined) ?? DEFAULT_RESIZE_MAX_PIXELS,
    footnote: footnote as string | undefined,
    useSearchTool: (search as { value: boolean } | undefined)?.value ?? false,
    session: session as string | undefined,
  };
}
