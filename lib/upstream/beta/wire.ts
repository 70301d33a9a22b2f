// Beta on the wire (spec 4.3 request, 2.4 result). Pure: no I/O, no keys.
import { z } from "zod";
import { codePointLength } from "@/lib/upstream/alpha/limits";
import {
  BETA_GROUP_MAX_IMAGES,
  BETA_LAYER_SOURCE_IMAGES,
  BETA_LAYER_TIERS,
  BETA_MAX_REFERENCE_IMAGES,
  BETA_MODELS,
  BETA_MODEL_LABELS,
  BETA_PIXEL_RANGES,
  BETA_PROMPT_MAX_CHARS,
  BETA_TIERS,
  aspectRatioWithin,
  pixelCountWithin,
  supportsFeature,
  type BetaFeature,
  type BetaModel,
} from "@/lib/upstream/beta/limits";

export const BETA_PATH = "/v1/wand/beta-image/generation";

/** `WxH` with positive integer sides (spec 4.3 method 2); anything else gives `undefined`. */
export function parseBetaPixelSize(value: string): { width: number; height: number } | undefined {
  const match = /^([1-9]\d{0,5})x([1-9]\d{0,5})$/.exec(value);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

const dataUrlOrHttp = z
  .string()
  .refine(
    (image) => /^data:image\/[a-z0-9.+-]+;base64,./.test(image) || /^https?:\/\//.test(image),
    "must be an http(s) URL or data:image/<lowercase format>;base64,<data>",
  );

/** What the studio sends (strict: an unknown key is a bug on our side). Capability rules follow in the refinement. */
const betaRequestShape = z.strictObject({
  model: z.enum(BETA_MODELS),
  prompt: z
    .string()
    .refine((prompt) => prompt.trim().length > 0, "must not be empty")
    .refine((prompt) => codePointLength(prompt) <= BETA_PROMPT_MAX_CHARS, `must be at most ${BETA_PROMPT_MAX_CHARS} characters`),
  images: z.array(dataUrlOrHttp).min(1).optional(),
  layer_decomposition: z.boolean().optional(),
  size: z.string().min(1).optional(),
  optimize_prompt_options: z.strictObject({ mode: z.enum(["standard", "fast"]) }).optional(),
  output_format: z.enum(["png", "jpeg"]).optional(),
  background: z.enum(["transparent", "opaque"]).optional(),
  response_format: z.enum(["url", "b64_json"]).optional(),
  sequential_image_generation: z.enum(["auto", "disabled"]).optional(),
  sequential_image_generation_options: z
    .strictObject({ max_images: z.number().int().min(BETA_GROUP_MAX_IMAGES.min).max(BETA_GROUP_MAX_IMAGES.max) })
    .optional(),
  tools: z.strictObject({ type: z.literal("web_search") }).optional(),
  watermark: z.boolean().optional(),
});

type Shape = z.output<typeof betaRequestShape>;

/** Which request fields belong to which one-model feature (spec 4.3 "Pro only" / "Lite only"). */
const FEATURE_FIELDS: Array<[keyof Shape, BetaFeature]> = [
  ["layer_decomposition", "layerDecomposition"],
  ["background", "background"],
  ["optimize_prompt_options", "optimizePrompt"],
  ["sequential_image_generation", "group"],
  ["sequential_image_generation_options", "group"],
  ["tools", "webSearch"],
];

function sizeProblem(model: BetaModel, size: string, layers: boolean): string | undefined {
  if (layers) {
    return (BETA_LAYER_TIERS as readonly string[]).includes(size) ? undefined : `layer decomposition takes one of ${BETA_LAYER_TIERS.join(", ")}`;
  }
  if ((BETA_TIERS[model] as readonly string[]).includes(size)) return undefined;
  const pixels = parseBetaPixelSize(size);
  if (!pixels) return `must be one of ${BETA_TIERS[model].join(", ")} or WxH for ${model}`;
  const { min, max } = BETA_PIXEL_RANGES[model];
  if (!pixelCountWithin(model, pixels.width, pixels.height)) return `total pixels must be within [${min}, ${max}] for ${model}`;
  if (!aspectRatioWithin(pixels.width, pixels.height)) return "aspect ratio must be within [1/16, 16]";
  return undefined;
}

/** The spec 4.3 request, with every capability and size rule checked. */
export const betaRequestSchema = betaRequestShape.superRefine((request, ctx) => {
  const { model } = request;
  for (const [field, feature] of FEATURE_FIELDS) {
    if (request[field] !== undefined && !supportsFeature(model, feature)) {
      ctx.addIssue({ code: "custom", path: [field], message: `is not supported by ${BETA_MODEL_LABELS[model]} (${model})` });
    }
  }
  const imageCount = request.images?.length ?? 0;
  if (imageCount > BETA_MAX_REFERENCE_IMAGES[model]) {
    ctx.addIssue({ code: "custom", path: ["images"], message: `at most ${BETA_MAX_REFERENCE_IMAGES[model]} for ${model}` });
  }
  const layers = request.layer_decomposition === true;
  if (layers && imageCount !== BETA_LAYER_SOURCE_IMAGES) {
    ctx.addIssue({ code: "custom", path: ["images"], message: "layer decomposition splits exactly one image" });
  }
  if (request.size !== undefined) {
    const problem = sizeProblem(model, request.size, layers);
    if (problem) ctx.addIssue({ code: "custom", path: ["size"], message: problem });
  }
  if (request.sequential_image_generation_options !== undefined && request.sequential_image_generation !== "auto") {
    ctx.addIssue({ code: "custom", path: ["sequential_image_generation_options"], message: 'applies only when sequential_image_generation is "auto"' });
  }
  if (request.background === "transparent" && request.output_format === "jpeg") {
    ctx.addIssue({ code: "custom", path: ["background"], message: "transparent needs output_format png (JPEG has no alpha)" });
  }
});
export type BetaGenerationRequest = z.output<typeof betaRequestSchema>;

// Reading the result (spec 2.4). Extra keys are kept and little is required, because an image that
// was generated and billed must not be lost over a missing field: the time may come as `created`
// (integer, the example) or `created_at` (string, the table) or both; `data` is "array (described as
// object)", so a single object is read as a list of one; the layer fields (role, layer_index, bbox)
// are "not shown" and read as the emulator sends them when present.
const bboxSchema = z.looseObject({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() });

const betaResultItemSchema = z
  .looseObject({
    url: z.string().min(1).nullish(),
    b64_json: z.string().min(1).nullish(),
    size: z.string().nullish(),
    output_format: z.string().nullish(),
    role: z.enum(["base", "layer"]).nullish().catch(undefined),
    layer_index: z.number().int().nullish().catch(undefined),
    bbox: bboxSchema.nullish().catch(undefined),
  })
  .refine((item) => Boolean(item.url || item.b64_json), "an image needs url or b64_json");

export const betaResponseSchema = z.looseObject({
  created: z.number().nullish(),
  created_at: z.union([z.string(), z.number()]).nullish(),
  data: z.preprocess((data) => (data !== null && typeof data === "object" && !Array.isArray(data) ? [data] : data), z.array(betaResultItemSchema).min(1)),
  request_id: z.string().nullish(),
  model: z.string().nullish(),
  gateway_usage: z.looseObject({ total_tokens: z.number().nullish() }).nullish(),
});
export type BetaResponse = z.output<typeof betaResponseSchema>;
