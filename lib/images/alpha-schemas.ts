// Form inputs of the alpha image models, shared by the browser forms and the route handlers.
// Browser-safe: no `server-only`, no Node APIs. Every message names the field and the rule in plain
// words, because the form shows it next to the field as is. Spec limits and the helpers that check
// them live in lib/upstream/alpha/limits.ts (one definition); they are re-exported here for the forms.
import { z } from "zod";
import {
  codePointLength,
  ALPHA_V3_PROMPT_MAX_CODE_POINTS,
  ALPHA_FOOTNOTE_MAX_CODE_POINTS,
  ALPHA_V3_MAX_REFERENCE_IMAGES,
  ALPHA_V35_MAX_IMAGES_PER_TURN,
  ALPHA_V3_MAX_IMAGE_BYTES,
  ALPHA_V35_MAX_IMAGE_BYTES,
  ALPHA_IMAGE_MIME_TYPES,
  ALPHA_V3_SIZE_LIMITS,
  ALPHA_V35_SIZE_LIMITS,
  ALPHA_V3_SEED_RANGE,
  ALPHA_V35_SEED_MAX,
  ALPHA_V35_PIXEL_TIERS,
  type AlphaV35PixelTier,
  type PixelSize,
  parsePixelSize,
  type SizeLimits,
} from "@/lib/upstream/alpha/limits";
import { formatMegabytes, mimeList } from "@/lib/assets/media-labels";
import { safeText, storableText } from "@/lib/validation/text";
import { variationsSchema } from "./variations";

export * from "@/lib/upstream/alpha/limits";

// The spec shows no limit for a v3.5 message's text; the studio caps it like the v3 prompt so that
// one message cannot bloat every later request of its conversation (the history replays it).
export const ALPHA_V35_MESSAGE_MAX_CODE_POINTS = ALPHA_V3_PROMPT_MAX_CODE_POINTS;

const PIXEL_TIER_NAMES = Object.keys(ALPHA_V35_PIXEL_TIERS) as AlphaV35PixelTier[];

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
  return z.object({
    /** Id of the uploaded input asset; the route handler re-checks mime and bytes from storage. */
    assetId: safeText("Reference image id", "Reference image id is required").min(1, "Reference image id is required"),
    mime: z.enum(ALPHA_IMAGE_MIME_TYPES, { error: `Reference image must be a ${mimeList(ALPHA_IMAGE_MIME_TYPES)} file` }),
    bytes: z
      .number({ error: "Reference image size must be a number of bytes" })
      .int("Reference image size must be a whole number of bytes")
      .positive("Reference image must not be empty")
      .max(maxBytes, `Reference image must be at most ${formatMegabytes(maxBytes)}`),
  });
}

/** Text that must say something (not only spaces), within a limit counted in code points. */
function requiredText(field: string, maxCodePoints: number) {
  return safeText(field, `${field} is required`)
    .refine((value) => value.trim().length > 0, `${field} must not be empty`)
    .superRefine(codePointLimit(field, maxCodePoints));
}

function referenceImagesSchema({ label, maxBytes, maxCount, tooMany }: { label: string; maxBytes: number; maxCount: number; tooMany: string }) {
  return z.array(referenceImageSchema(maxBytes), { error: `${label} must be a list` }).max(maxCount, tooMany).default([]);
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
  prompt: requiredText("Prompt", ALPHA_V3_PROMPT_MAX_CODE_POINTS),
  images: referenceImagesSchema({
    label: "Reference images",
    maxBytes: ALPHA_V3_MAX_IMAGE_BYTES,
    maxCount: ALPHA_V3_MAX_REFERENCE_IMAGES,
    tooMany: `At most ${ALPHA_V3_MAX_REFERENCE_IMAGES} reference images are allowed`,
  }),
  size: alphaV3SizeSchema.default("auto"),
  seed: alphaV3SeedSchema,
  footnote: footnoteSchema,
  revise: z.boolean({ error: "Prompt rewriting must be on or off" }).default(true),
  variations: variationsSchema,
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
  text: requiredText("Message", ALPHA_V35_MESSAGE_MAX_CODE_POINTS),
  images: referenceImagesSchema({
    label: "Images",
    maxBytes: ALPHA_V35_MAX_IMAGE_BYTES,
    maxCount: ALPHA_V35_MAX_IMAGES_PER_TURN,
    tooMany: `At most ${ALPHA_V35_MAX_IMAGES_PER_TURN} images are allowed in one message`,
  }),
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

/** GET /api/alpha/v3/generations?cursor= (the last generation id of the previous page). */
/**
 * The settings stored with each alpha v3 generation (lib/images/generate-alpha-v3). JSON from the
 * database, so read defensively: a missing or odd value falls back to the form default. A seed the
 * studio chose for a "random" request is stored with `seedWasRandom` (shown with the request); reusing
 * the settings and "Run again" both bring that seed back.
 */
export const alphaV3StoredParamsSchema = z.object({
  size: z.string().catch("auto"),
  seed: z.number().int().nullable().catch(null),
  seedWasRandom: z.boolean().catch(false),
  footnote: z.string().nullable().catch(null),
  revise: z.boolean().catch(true),
  referenceAssetIds: z.array(z.string()).catch([]),
});
export type AlphaV3StoredParams = z.infer<typeof alphaV3StoredParamsSchema>;
