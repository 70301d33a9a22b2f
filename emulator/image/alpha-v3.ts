import type { Context } from "hono";
import { delay } from "../core/latency";
import { loadAlphaImage } from "./alpha-references";
import { contentFilterError } from "./alpha-dialect";
import type { RequestScope } from "./endpoint";
import { alphaInvalid } from "./errors";
import { moderate } from "./moderation";
import { renderImage } from "./render";
import { randomSeed } from "./seeded-random";
import { closestPreset, parseSize, statedShape, V3_DEFAULT_SIZE, type Size } from "./sizes";
import { codePointLength, estimateTokens, imageTokens } from "./text";

export const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";
const MODEL = "alpha-image-v3";
const MAX_PROMPT_CHARACTERS = 8192;
const MAX_REFERENCE_IMAGES = 3;
const MAX_REFERENCE_BYTES = 10 * 1024 * 1024;
const MAX_SEED = 4_294_967_295;
const MAX_FOOTNOTE_CHARACTERS = 16;
const MIN_SIDE = 512;
const MAX_SIDE = 2048;
const MAX_AREA = 1024 * 1024;

interface V3Request {
  prompt: string;
  images: string[];
  size?: Size;
  seed?: number;
  footnote?: string;
  revise: boolean;
}

// Spec 4.1 parameter table, one rule per check.
function validate(body: Record<string, unknown>): V3Request {
  if (body.model !== MODEL) throw alphaInvalid(`model must be "${MODEL}"`, "model");

  const { prompt, images = [], size, seed, footnote, revise = false } = body;
  if (typeof prompt !== "string" || prompt.trim() === "") throw alphaInvalid("prompt is required", "prompt");
  if (codePointLength(prompt) > MAX_PROMPT_CHARACTERS) {
    throw alphaInvalid(`prompt exceeds ${MAX_PROMPT_CHARACTERS} characters`, "prompt");
  }

  if (!Array.isArray(images) || images.some((image) => typeof image !== "string" || image === "")) {
    throw alphaInvalid("images must be an array of URL or Base64 strings", "images");
  }
  if (images.length > MAX_REFERENCE_IMAGES) throw alphaInvalid(`at most ${MAX_REFERENCE_IMAGES} images`, "images");

  let parsedSize: Size | undefined;
  if (size !== undefined) {
    parsedSize = typeof size === "string" ? parseSize(size) : undefined;
    if (!parsedSize) throw alphaInvalid("size must be ${width}x${height}", "size");
    const { width, height } = parsedSize;
    if ([width, height].some((side) => side < MIN_SIDE || side > MAX_SIDE)) {
      throw alphaInvalid(`width and height must be within [${MIN_SIDE}, ${MAX_SIDE}]`, "size");
    }
    if (width * height > MAX_AREA) throw alphaInvalid("width x height must be at most 1024x1024", "size");
  }

  if (seed !== undefined && (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)) {
    throw alphaInvalid(`seed must be an integer within [1, ${MAX_SEED}] (0 means random)`, "seed");
  }

  if (footnote !== undefined && (typeof footnote !== "string" || codePointLength(footnote) > MAX_FOOTNOTE_CHARACTERS)) {
    throw alphaInvalid(`footnote must be a string of at most ${MAX_FOOTNOTE_CHARACTERS} characters`, "footnote");
  }

  // Spec 4.1: the default of `revise` is not shown; our choice is false.
  if (typeof revise !== "boolean") throw alphaInvalid("revise must be a boolean", "revise");

  return {
    prompt,
    images: images as string[],
    size: parsedSize,
    seed: seed === 0 ? undefined : (seed as number | undefined),
    footnote: footnote as string | undefined,
    revise,
  };
}

/** Spec 4.1: no size → closest of the 37 presets to what the prompt states, else a default. */
const chooseSize = (request: V3Request): Size => {
  if (request.size) return request.size;
  const shape = statedShape(request.prompt);
  return shape ? closestPreset(shape) : V3_DEFAULT_SIZE;
};

// Deterministic stand-in for the upstream prompt rewriter.
const revisePrompt = (prompt: string) =>
  `${prompt.trim()}, richly detailed, balanced composition, soft natural light, high quality`;

/** POST /v1/wand/alpha-image/v3-generation (spec 4.1); answers with spec 2.1. */
export async function alphaV3(c: Context, { body, deps, requestId }: RequestScope): Promise<Response> {
  const request = validate(body);
  if (moderate([request.prompt, request.footnote ?? ""], deps.config) === "input") throw contentFilterError("input");

  const references = await Promise.all(
    request.images.map((ref, index) => loadAlphaImage(ref, deps.files, MAX_REFERENCE_BYTES, `images[${index}]`)),
  );
  const size = chooseSize(request);
  const seed = request.seed ?? randomSeed(MAX_SEED);
  const revisedPrompt = request.revise ? revisePrompt(request.prompt) : undefined;

  // Spec 4.1: rewriting adds roughly 11 seconds.
  const reviseWait = request.revise ? 11_000 : 0;
  const [image] = await Promise.all([
    renderImage({
      ...size,
      prompt: revisedPrompt ?? request.prompt,
      seed: String(seed),
      format: "png",
      cornerMark: request.footnote,
      references: references.map((reference) => reference.bytes),
    }),
    delay(deps.config, [3000 + reviseWait, 6000 + reviseWait], request.revise ? 25 : 5),
  ]);
  if (moderate([request.prompt], deps.config) === "output") throw contentFilterError("output");

  const url = await deps.files.issue(image, "png");
  return c.json({
    id: `img-${requestId}`,
    created: deps.clock.nowSeconds(),
    data: [{ url, ...(revisedPrompt ? { revised_prompt: revisedPrompt } : {}) }],
    request_id: requestId,
    gateway_usage: { total_tokens: estimateTokens(revisedPrompt ?? request.prompt) + imageTokens(size.width, size.height) },
  });
}
