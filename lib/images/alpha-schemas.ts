// Form inputs of the alpha image models, shared by the browser forms and the route handlers.
// Browser-safe: no `server-only`, no Node APIs. Every message names the field and the rule in plain
// words, because the form shows it next to the field as is.
//
// Counting "characters": the spec states prompt and footnote limits in characters (4.1, 8) and, for
// the v3.5 footnote, in code points (4.2). The studio counts Unicode code points for every length
// rule, so the form counter and the server check agree: an emoji or other astral character (a
// surrogate pair in JavaScript) counts once, a lone surrogate also counts once. `String.length`
// counts UTF-16 units and would count each emoji twice.
import { z } from "zod";
import { safeText, storableText } from "@/lib/validation/text";

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
// The spec shows no limit for a v3.5 message's text; the studio caps it like the v3 prompt so that
// one message cannot bloat every later request of its conversation (the history replays it).
export const ALPHA_V35_MESSAGE_MAX_CODE_POINTS = ALPHA_V3_PROMPT_MAX_CODE_POINTS;
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
const PIXEL_TIER_NAMES = Object.keys(ALPHA_V35_PIXEL_TIERS) as AlphaV35PixelTier[];

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

function checkPixelSize(size: PixelSize, limits: SizeLimits, ctx: z.RefinementCtx): void {
  const { minSide, maxSide, maxArea } = limits;
  if (size.width < minSide || size.width > maxSide) {
    ctx.addIssue({ code: "custom", message: `Width must be between ${minSide} and ${maxSide} px` });
  }
  if (size.height < minSide || size.height > maxSide) {
    ctx.addIssue({ code: "custom", message: `Height must be between ${minSide} and ${maxSide} px` });
  }
  if (size.width * size.height > maxArea) {
    ctx.addIssue({
      code: "custom",
      message: `Size must be at most ${maxArea.toLocaleString("en-US")} pixels in area (width × height); ${size.width}x${size.height} is ${(size.width * size.height).toLocaleString("en-US")}`,
    });
  }
}

function codePointLimit(field: string, max: number) {
  return (value: string, ctx: z.RefinementCtx) => {
    const length = codePointLength(value);
    if (length > max) {
      ctx.addIssue({ code: "custom", message: `${field} must be at most ${max} characters (it has ${length})` });
    }
  };
}

// An empty footnote field means "no footnote" and is omitted from the request.
const footnoteSchema = safeText("Footnote")
  .superRefine(codePointLimit("Footnote", ALPHA_FOOTNOTE_MAX_CODE_POINTS))
  .optional()
  .transform((value) => (value ? value : undefined));

function referenceImageSchema(maxBytes: number) {
  const megabytes = maxBytes / 1_000_000;
  return z.object({
    /** Id of the uploaded input asset; the route handler re-checks mime and bytes from storage. */
    assetId: safeText("Reference image id", "Reference image id is required").min(1, "Reference image id is required"),
    mime: z.enum(ALPHA_IMAGE_MIME_TYPES, { error: "Reference image must be a PNG or JPEG file" }),
    bytes: z
      .number({ error: "Reference image size must be a number of bytes" })
      .int("Reference image size must be a whole number of bytes")
      .positive("Reference image must not be empty")
      .max(maxBytes, `Reference image must be at most ${megabytes} MB`),
  });
}

// ---------------------------------------------------------------- alpha v3 (spec 4.1)

/** `"auto"` (let the model choose, spec 4.1), or `WxH` (any of the presets or a custom size). */
export const alphaV3SizeSchema = z
  .string({ error: "Size must be text" })
  .superRefine((value, ctx) => {
    if (value === "auto") return;
    const size = parsePixelSize(value);
    if (!size) {
      ctx.addIssue({ code: "custom", message: 'Size must be "auto" or width x height in pixels, like 1024x1024' });
      return;
    }
    checkPixelSize(size, ALPHA_V3_SIZE_LIMITS, ctx);
  });

// Forms send the seed as a number or as the text of its input; empty means random.
const alphaV3SeedSchema = z
  .union([z.number(), z.string().trim()], { error: "Seed must be a whole number" })
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || value === "") return undefined;
    const seed = typeof value === "number" ? value : /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    const { min, max } = ALPHA_V3_SEED_RANGE;
    if (!Number.isInteger(seed) || seed < min || seed > max) {
      ctx.addIssue({ code: "custom", message: `Seed must be a whole number between ${min} and ${max}, or empty for random` });
      return z.NEVER;
    }
    return seed;
  });

export const alphaV3FormSchema = z.object({
  prompt: safeText("Prompt", "Prompt is required")
    .refine((value) => value.trim().length > 0, "Prompt must not be empty")
    .superRefine(codePointLimit("Prompt", ALPHA_V3_PROMPT_MAX_CODE_POINTS)),
  images: z
    .array(referenceImageSchema(ALPHA_V3_MAX_IMAGE_BYTES), { error: "Reference images must be a list" })
    .max(ALPHA_V3_MAX_REFERENCE_IMAGES, `At most ${ALPHA_V3_MAX_REFERENCE_IMAGES} reference images are allowed`)
    .default([]),
  size: alphaV3SizeSchema.default("auto"),
  seed: alphaV3SeedSchema,
  footnote: footnoteSchema,
  revise: z.boolean({ error: "Prompt rewriting must be on or off" }).default(true),
});
export type AlphaV3FormInput = z.input<typeof alphaV3FormSchema>;
export type AlphaV3FormValues = z.output<typeof alphaV3FormSchema>;

// ---------------------------------------------------------------- alpha v3.5 (spec 4.2)

/** `"auto"`, a pixel tier (`1K`, `1.5K`, `2K` → generate_max_pixels), or an exact `WxH` (→ size). */
export const alphaV35SizeSchema = z
  .string({ error: "Size must be text" })
  .superRefine((value, ctx) => {
    if (value === "auto" || (PIXEL_TIER_NAMES as string[]).includes(value)) return;
    const size = parsePixelSize(value);
    if (!size) {
      ctx.addIssue({
        code: "custom",
        message: `Size must be "auto", a tier (${PIXEL_TIER_NAMES.join(", ")}) or width x height in pixels, like 2048x2048`,
      });
      return;
    }
    checkPixelSize(size, ALPHA_V35_SIZE_LIMITS, ctx);
  });

/**
 * int64 seed (spec 4.2) as canonical decimal text: JavaScript numbers lose precision above 2^53, so
 * the value stays a string end to end and is written into the request JSON as a bare integer.
 * Accepts decimal text, a safe-integer number or a bigint; empty or absent means random.
 */
export const alphaV35SeedSchema = z
  .union([z.string().trim().superRefine(storableText("Seed")), z.number(), z.bigint()], { error: "Seed must be a whole number" })
  .optional()
  .transform((value, ctx): string | undefined => {
    if (value === undefined || value === "") return undefined;
    let seed: bigint;
    if (typeof value === "bigint") seed = value;
    else if (typeof value === "number" && Number.isSafeInteger(value)) seed = BigInt(value);
    else if (typeof value === "string" && /^-?\d+$/.test(value)) seed = BigInt(value);
    else {
      ctx.addIssue({ code: "custom", message: "Seed must be a whole number, or empty for random" });
      return z.NEVER;
    }
    if (seed < 0n) {
      ctx.addIssue({ code: "custom", message: "Seed must not be negative" });
      return z.NEVER;
    }
    if (seed > ALPHA_V35_SEED_MAX) {
      ctx.addIssue({ code: "custom", message: `Seed must be at most ${ALPHA_V35_SEED_MAX}` });
      return z.NEVER;
    }
    return seed.toString();
  });

export const alphaV35TurnFormSchema = z.object({
  text: safeText("Message", "Message is required")
    .refine((value) => value.trim().length > 0, "Message must not be empty")
    .superRefine(codePointLimit("Message", ALPHA_V35_MESSAGE_MAX_CODE_POINTS)),
  images: z
    .array(referenceImageSchema(ALPHA_V35_MAX_IMAGE_BYTES), { error: "Images must be a list" })
    .max(ALPHA_V35_MAX_IMAGES_PER_TURN, `At most ${ALPHA_V35_MAX_IMAGES_PER_TURN} images are allowed in one message`)
    .default([]),
  size: alphaV35SizeSchema.default("auto"),
  seed: alphaV35SeedSchema,
  footnote: footnoteSchema,
  resizeMaxPixels: z
    .number({ error: "Reference image resize limit must be a number of pixels" })
    .int("Reference image resize limit must be a whole number of pixels")
    .positive("Reference image resize limit must be a positive number of pixels")
    .optional(),
  useSearchTool: z.boolean({ error: "Web search must be on or off" }).default(false),
});
export type AlphaV35TurnFormInput = z.input<typeof alphaV35TurnFormSchema>;
export type AlphaV35TurnFormValues = z.output<typeof alphaV35TurnFormSchema>;
