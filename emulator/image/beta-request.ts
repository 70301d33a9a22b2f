import { BETA_MODELS, isBetaModel, type BetaModel } from "./beta-models";
import { parseBetaSize, type BetaSizeChoice } from "./beta-sizes";
import { betaError } from "./errors";
import { codePointLength } from "./text";

export interface BetaRequest {
  model: BetaModel;
  prompt: string;
  images: string[];
  layerDecomposition: boolean;
  size: BetaSizeChoice;
  outputFormat: "png" | "jpeg";
  background: "transparent" | "opaque";
  responseFormat: "url" | "b64_json";
  /** 1 unless sequential_image_generation is "auto". */
  maxImages: number;
  sequential: boolean;
  watermark: boolean;
}

const MAX_PROMPT_CHARACTERS = 600;
const MAX_GROUP_IMAGES = 15;

const KNOWN_FIELDS = new Set([
  "model", "prompt", "images", "layer_decomposition", "size", "optimize_prompt_options", "output_format",
  "background", "response_format", "sequential_image_generation", "sequential_image_generation_options", "tools",
  "watermark",
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function oneOf<T extends string>(value: unknown, allowed: readonly T[], param: string): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw betaError("FieldInvalid", `${param} must be one of ${allowed.join(", ")}`, param);
  return value as T;
}

function booleanField(value: unknown, param: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw betaError("FieldInvalid", `${param} must be a boolean`, param);
  return value;
}

/** Spec 4.3 parameter table and capabilities; spec 7.2 codes. */
export function validateBetaRequest(body: Record<string, unknown>): BetaRequest {
  for (const field of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(field)) throw betaError("FieldUnwanted", `unknown field ${field}`, field);
  }

  if (body.model === undefined || body.model === "") throw betaError("FieldLacking", "model is required", "model");
  if (!isBetaModel(body.model)) throw betaError("FieldInvalid", "model must be beta-image-v5.0-pro or beta-image-v5.0-lite", "model");
  const model = body.model;
  const can = BETA_MODELS[model];
  const unwanted = (field: string) => betaError("FieldUnwanted", `${field} is not supported by ${model}`, field);

  if (body.prompt === undefined || (typeof body.prompt === "string" && body.prompt.trim() === "")) {
    throw betaError("FieldLacking", "prompt is required", "prompt");
  }
  if (typeof body.prompt !== "string") throw betaError("FieldInvalid", "prompt must be a string", "prompt");
  if (codePointLength(body.prompt) > MAX_PROMPT_CHARACTERS) {
    throw betaError("FieldInvalid", `prompt exceeds ${MAX_PROMPT_CHARACTERS} characters`, "prompt");
  }

  const images = body.images ?? [];
  if (!Array.isArray(images) || images.some((image) => typeof image !== "string" || image === "")) {
    throw betaError("FieldInvalid", "images must be an array of URL or data URL strings", "images");
  }
  if (images.length > can.maxReferenceImages) {
    throw betaError("FieldItemCountOutOfRange", `${model} takes at most ${can.maxReferenceImages} images`, "images");
  }

  const layerDecomposition = booleanField(body.layer_decomposition, "layer_decomposition") ?? false;
  if (body.layer_decomposition !== undefined && !can.layerDecomposition) throw unwanted("layer_decomposition");
  if (layerDecomposition && images.length === 0) {
    throw betaError("FieldLacking", "layer decomposition needs the image to split", "images");
  }
  if (layerDecomposition && images.length > 1) {
    throw betaError("FieldItemCountOutOfRange", "layer decomposition splits exactly one image", "images");
  }

  const background = oneOf(body.background, ["transparent", "opaque"], "background");
  if (background !== undefined && !can.background) throw unwanted("background");

  if (body.optimize_prompt_options !== undefined) {
    if (!isObject(body.optimize_prompt_options)) {
      throw betaError("FieldInvalid", "optimize_prompt_options must be an object", "optimize_prompt_options");
    }
    const mode = oneOf(body.optimize_prompt_options.mode, ["standard", "fast"], "optimize_prompt_options.mode");
    if (mode !== undefined && !can.optimizePromptMode) throw unwanted("optimize_prompt_options.mode");
  }

  const outputFormat = oneOf(body.output_format, ["png", "jpeg"], "output_format") ?? "png";
  if (background === "transparent" && outputFormat === "jpeg") {
    throw betaError("FieldInvalid", "a transparent background needs output_format png", "background");
  }
  const responseFormat = oneOf(body.response_format, ["url", "b64_json"], "response_format") ?? "url";

  const sequentialMode = oneOf(body.sequential_image_generation, ["auto", "disabled"], "sequential_image_generation");
  if (sequentialMode !== undefined && !can.sequentialImages) throw unwanted("sequential_image_generation");
  let maxImages = MAX_GROUP_IMAGES;
  if (body.sequential_image_generation_options !== undefined) {
    if (!can.sequentialImages) throw unwanted("sequential_image_generation_options");
    const options = body.sequential_image_generation_options;
    if (!isObject(options)) {
      throw betaError("FieldInvalid", "sequential_image_generation_options must be an object", "sequential_image_generation_options");
    }
    if (options.max_images !== undefined) {
      const value = options.max_images;
      if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_GROUP_IMAGES) {
        throw betaError("FieldInvalid", "max_images must be an integer within [1, 15]", "sequential_image_generation_options.max_images");
      }
      maxImages = value;
    }
  }

  if (body.tools !== undefined) {
    if (!can.webSearch) throw unwanted("tools");
    if (!isObject(body.tools) || body.tools.type !== "web_search") {
      throw betaError("FieldInvalid", 'tools must be {type: "web_search"}', "tools");
    }
  }

  return {
    model,
    prompt: body.prompt,
    images: images as string[],
    layerDecomposition,
    size: parseBetaSize(body.size, model, layerDecomposition),
    outputFormat,
    background: background ?? "opaque",
    responseFormat,
    sequential: sequentialMode === "auto",
    maxImages: sequentialMode === "auto" ? maxImages : 1,
    // Spec 4.3: the default of watermark is not shown; our choice is true (mark added).
    watermark: booleanField(body.watermark, "watermark") ?? true,
  };
}
