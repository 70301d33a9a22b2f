// The beta form's values as the page POSTs them to /api/beta/generations: one schema for the form's
// live validation and the route handler. Browser-safe. Every refusal names its field (`path`) and
// states the rule that fails, in words the form can show next to that field as is. Rules: spec 4.3
// (parameters, size methods), 8 (limits), 9 (models); the numbers come from lib/upstream/beta/limits.
import { z } from "zod";
import { codePointLength } from "@/lib/upstream/alpha/limits";
import { BETA_PROMPT_MAX_CHARS } from "@/lib/upstream/beta/limits";
import {
  BETA_ASPECT_RATIO,
  BETA_GROUP_MAX_IMAGES,
  BETA_INPUT_LIMITS,
  BETA_LAYER_TIERS,
  BETA_MAX_REFERENCE_IMAGES,
  BETA_MODELS,
  BETA_MODEL_LABELS,
  BETA_PIXEL_RANGES,
  BETA_TIERS,
  supportsFeature,
  unsupportedFeatureMessage,
  type BetaFeature,
} from "@/lib/images/beta-capabilities";
import { mimeList } from "@/lib/assets/media-labels";
import { safeText } from "@/lib/validation/text";
import { variationsSchema } from "./variations";

export { BETA_PROMPT_MAX_CHARS };

const ALL_TIERS = ["1K", "1.5K", "2K", "3K", "4K", "auto"] as const;

const number = (value: number) => value.toLocaleString("en-US");
const orList = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join(""));

function side(label: string) {
  return z
    .number({ error: `${label} must be a number of pixels` })
    .int(`${label} must be a whole number of pixels`)
    .positive(`${label} must be at least 1 px`);
}

/** Method 1 (a resolution tier) or method 2 (width × height): one or the other, never both (spec 4.3). */
const betaSizeSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("tier"), tier: z.enum(ALL_TIERS, { error: `Size tier must be ${orList(ALL_TIERS)}` }) }),
    z.object({ method: z.literal("pixels"), width: side("Width"), height: side("Height") }),
  ],
  { error: "Size must be a resolution tier or a width × height" },
);

const referenceImageSchema = z.object({
  /** Id of the uploaded input asset; the server re-checks type and size from storage. */
  assetId: z.uuid("Reference image id must be the id of an uploaded image"),
  mime: z.enum(BETA_INPUT_LIMITS.mimeTypes, { error: `Reference image must be a ${mimeList(BETA_INPUT_LIMITS.mimeTypes)} file` }),
  bytes: z
    .number({ error: "Reference image size must be a number of bytes" })
    .int("Reference image size must be a whole number of bytes")
    .positive("Reference image must not be empty"),
});

const betaFormShape = z.object({
  model: z.enum(BETA_MODELS, { error: "Model must be Pro or Lite" }),
  prompt: safeText("Prompt", "Prompt is required")
    .trim()
    .min(1, "Prompt must not be empty")
    .superRefine((prompt, ctx) => {
      const length = codePointLength(prompt);
      if (length > BETA_PROMPT_MAX_CHARS) {
        ctx.addIssue({ code: "custom", message: `Prompt must be at most ${BETA_PROMPT_MAX_CHARS} characters (it has ${number(length)})` });
      }
    }),
  size: betaSizeSchema,
  layerDecomposition: z.boolean({ error: "Layer decomposition must be on or off" }).default(false),
  background: z.enum(["transparent", "opaque"], { error: "Background must be transparent or opaque" }).optional(),
  optimizePrompt: z.enum(["standard", "fast"], { error: "Prompt optimisation must be standard or fast" }).optional(),
  group: z
    .object({
      maxImages: z
        .number({ error: "Group size must be a number of images" })
        .int("Group size must be a whole number of images")
        .min(BETA_GROUP_MAX_IMAGES.min, `Group size must be between ${BETA_GROUP_MAX_IMAGES.min} and ${BETA_GROUP_MAX_IMAGES.max} images`)
        .max(BETA_GROUP_MAX_IMAGES.max, `Group size must be between ${BETA_GROUP_MAX_IMAGES.min} and ${BETA_GROUP_MAX_IMAGES.max} images`),
    })
    .nullable()
    .default(null),
  webSearch: z.boolean({ error: "Web search must be on or off" }).default(false),
  outputFormat: z.enum(["png", "jpeg"], { error: "Output format must be PNG or JPEG" }).default("png"),
  responseFormat: z.enum(["url", "b64_json"], { error: "Response format must be url or b64_json" }).default("url"),
  watermark: z.boolean({ error: "Watermark must be on or off" }).default(false),
  images: z.array(referenceImageSchema, { error: "Reference images must be a list" }).default([]),
  variations: variationsSchema,
});

type Shape = z.output<typeof betaFormShape>;

/** Whether the form asks for each one-model feature, and the field that asks. */
const FEATURE_FIELDS: Array<[BetaFeature, keyof Shape, (values: Shape) => boolean]> = [
  ["layerDecomposition", "layerDecomposition", (values) => values.layerDecomposition],
  ["background", "background", (values) => values.background !== undefined],
  ["optimizePrompt", "optimizePrompt", (values) => values.optimizePrompt !== undefined],
  ["group", "group", (values) => values.group !== null],
  ["webSearch", "webSearch", (values) => values.webSearch],
];

function checkSize(values: Shape, ctx: z.RefinementCtx): void {
  const { model, size, layerDecomposition } = values;
  const label = BETA_MODEL_LABELS[model];
  const layers = layerDecomposition && supportsFeature(model, "layerDecomposition");
  if (size.method === "tier") {
    const allowed: readonly string[] = layers ? BETA_LAYER_TIERS : BETA_TIERS[model];
    if (allowed.includes(size.tier)) return;
    const message =
      size.tier === "auto"
        ? `Size tier auto is only for layer decomposition; ${label} offers ${orList(BETA_TIERS[model])}`
        : layers
          ? `Layer decomposition offers size ${orList(BETA_LAYER_TIERS)}, not ${size.tier}`
          : `${label} offers size ${orList(BETA_TIERS[model])}, not ${size.tier}`;
    ctx.addIssue({ code: "custom", path: ["size", "tier"], message });
    return;
  }
  if (layers) {
    ctx.addIssue({
      code: "custom",
      path: ["size", "method"],
      message: `Layer decomposition takes a resolution tier (${orList(BETA_LAYER_TIERS)}), not width × height`,
    });
    return;
  }
  const { width, height } = size;
  // A side that is not a whole positive number has its own issue already; its area means nothing.
  if (![width, height].every((value) => Number.isInteger(value) && value > 0)) return;
  const pixels = width * height;
  const range = BETA_PIXEL_RANGES[model];
  if (pixels < range.min || pixels > range.max) {
    ctx.addIssue({
      code: "custom",
      path: ["size"],
      message: `Total pixels must be between ${number(range.min)} and ${number(range.max)} for ${label} (${range.minExample} to ${range.maxExample}); ${width}×${height} is ${number(pixels)}`,
    });
  }
  const ratio = width / height;
  if (ratio < BETA_ASPECT_RATIO.min || ratio > BETA_ASPECT_RATIO.max) {
    const shown = ratio >= 1 ? `${round(ratio)}:1` : `1:${round(1 / ratio)}`;
    ctx.addIssue({ code: "custom", path: ["size"], message: `Aspect ratio must be between 1:16 and 16:1; ${width}×${height} is ${shown}` });
  }
}

function round(value: number): string {
  // Enough digits to tell 16.003 from the allowed 16.
  return Number.isInteger(value) ? String(value) : `about ${Number(value.toPrecision(5))}`;
}

function checkImages(values: Shape, ctx: z.RefinementCtx): void {
  const { model, images, layerDecomposition } = values;
  const max = BETA_MAX_REFERENCE_IMAGES[model];
  if (images.length > max) {
    ctx.addIssue({ code: "custom", path: ["images"], message: `${BETA_MODEL_LABELS[model]} takes at most ${max} reference images; there are ${images.length}` });
  }
  if (!layerDecomposition || !supportsFeature(model, "layerDecomposition")) return;
  // spec 4.3: layer decomposition "splits one image" into a base and its layers.
  if (images.length === 0) {
    ctx.addIssue({ code: "custom", path: ["images"], message: "Layer decomposition needs the image to split: add one reference image" });
  } else if (images.length > 1) {
    ctx.addIssue({ code: "custom", path: ["images"], message: `Layer decomposition splits one image; keep one reference image (there are ${images.length})` });
  }
}

/** The form, with every capability and size rule of the chosen model. */
export const betaFormSchema = betaFormShape.superRefine((values, ctx) => {
  for (const [feature, field, asked] of FEATURE_FIELDS) {
    if (asked(values) && !supportsFeature(values.model, feature)) {
      ctx.addIssue({ code: "custom", path: [field], message: unsupportedFeatureMessage(values.model, feature) });
    }
  }
  checkSize(values, ctx);
  checkImages(values, ctx);
  if (values.background === "transparent" && values.outputFormat === "jpeg") {
    ctx.addIssue({ code: "custom", path: ["background"], message: "A transparent background needs PNG output: JPEG has no transparency" });
  }
});
export type BetaFormValues = z.output<typeof betaFormSchema>;
export type BetaFormInput = z.input<typeof betaFormSchema>;
