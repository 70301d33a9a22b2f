import type { Context } from "hono";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { delay } from "../core/latency";
import { limitPixels, loadAlphaImage } from "./alpha-references";
import { collectImages, pickEditBase, trimOldest } from "./alpha-v35-images";
import { allText, currentInstruction, validateMessages } from "./alpha-v35-messages";
import { DEFAULT_PIXEL_TIER, V35_BOUNDS, validateV35Params, type V35Params } from "./alpha-v35-params";
import {
  assembleHistory,
  errorFrame,
  GENERATE_TOOL_NAME,
  imageFrame,
  reasoningFrame,
  type FrameEnvelope,
} from "./alpha-v35-frames";
import { jsonAnswer, sseAnswer, type Emit } from "./alpha-v35-wire";
import { renderEdit } from "./edit";
import type { RequestScope } from "./endpoint";
import { alphaInvalid } from "./errors";
import { moderate } from "./moderation";
import { encode, renderImage } from "./render";
import { randomSeed } from "./seeded-random";
import { formatSize, sizeForArea, statedShape, type Size } from "./sizes";
import { cornerMarkOnlySvg } from "./svg";
import { estimateTokens, imageTokens } from "./text";

export const ALPHA_V35_PATH = "/v1/wand/alpha-image/v35-generation";
const MODEL = "alpha-image-v3.5-preview";
const MAX_PROMPT_TOKENS = 100_000;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const MAX_RANDOM_SEED = 2 ** 31;

/** Headers that tell the client what happened to its input images (our choice). */
const TRIMMED_HEADER = "X-Emulator-Images-Trimmed";
const INPUT_SIZES_HEADER = "X-Emulator-Input-Sizes";

/**
 * Spec 4.2 size: an explicit size is used as is; otherwise the ratio stated in the prompt (or of
 * the image being edited, else square) at the pixel tier. Our choice for size plus
 * generate_max_pixels follows the usage note: the size's ratio at the tier's area.
 */
function decideSize(params: V35Params, instruction: string, editBase?: Size): Size {
  if (params.size && params.pixelTier === undefined) return params.size;
  const ratio = params.size
    ? params.size.width / params.size.height
    : statedShape(instruction)?.ratio ?? (editBase ? editBase.width / editBase.height : 1);
  return sizeForArea(ratio, params.pixelTier ?? DEFAULT_PIXEL_TIER, V35_BOUNDS);
}

async function stampFootnote(image: Buffer, size: Size, footnote: string): Promise<Buffer> {
  const mark = Buffer.from(cornerMarkOnlySvg(size.width, size.height, footnote));
  return encode(sharp(image).composite([{ input: mark, left: 0, top: 0 }]), "png");
}

/** POST /v1/wand/alpha-image/v35-generation (spec 4.2); answers with spec 2.2 frames. */
export async function alphaV35(c: Context, scope: RequestScope): Promise<Response> {
  const { body, deps, requestId } = scope;
  if (body.model !== MODEL) throw alphaInvalid(`model must be "${MODEL}"`, "model");
  const messages = validateMessages(body.messages);
  const params = validateV35Params(body);
  const text = allText(messages);
  if (estimateTokens(text) > MAX_PROMPT_TOKENS) throw alphaInvalid("prompt exceeds 100k tokens", "messages");
  const instruction = currentInstruction(messages);

  const { kept, trimmed } = trimOldest(collectImages(messages));
  const loaded = await Promise.all(
    kept.map(async (slot) =>
      limitPixels(
        await loadAlphaImage(slot.url, deps.files, MAX_IMAGE_BYTES, `messages[${slot.messageIndex}].content`),
        params.resizeMaxPixels,
      ),
    ),
  );
  const imageOf = new Map(kept.map((slot, index) => [slot, loaded[index]]));
  const { base, references } = pickEditBase(kept);
  const editBase = base ? imageOf.get(base) : undefined;

  const size = decideSize(params, instruction, editBase?.probe);
  const seed = params.seed ?? String(randomSeed(MAX_RANDOM_SEED));
  const toolCallId = `call_${randomBytes(12).toString("hex")}`;
  const envelope: FrameEnvelope = { id: `imgchat-${requestId}`, created: deps.clock.nowSeconds(), request_id: requestId };
  const inputTokens = estimateTokens(text) + loaded.reduce((sum, image) => sum + imageTokens(image.probe.width, image.probe.height) / 4, 0);
  const reasoning = editBase
    ? `The user wants to edit the previous image: "${instruction}". I will call ${GENERATE_TOOL_NAME} on it at ${formatSize(size)}.`
    : `The user asks for: "${instruction}". I will call ${GENERATE_TOOL_NAME} at ${formatSize(size)}.`;

  const produce = async (emit: Emit) => {
    emit(reasoningFrame(envelope, reasoning));
    const verdict = moderate([text, params.footnote ?? ""], deps.config);
    const blocked = (stage: string) =>
      errorFrame(
        envelope,
        { type: "invalid_request_error", code: "content_filter", message: `${stage} blocked by content-safety policy` },
        Math.ceil(inputTokens),
      );
    if (verdict === "input") {
      await delay(deps.config, [500, 1500], 2);
      return blocked("input");
    }

    const referenceBytes = references.map((slot) => (imageOf.get(slot) as { bytes: Buffer }).bytes);
    const [intermediate] = await Promise.all([
      editBase
        ? renderEdit({ base: editBase.bytes, ...size, instruction, format: "png", references: referenceBytes })
        : renderImage({ ...size, prompt: instruction, seed, format: "png", references: referenceBytes }),
      delay(deps.config, [3000, 6000], 3),
    ]);
    emit(reasoningFrame(envelope, `${GENERATE_TOOL_NAME} returned a ${formatSize(size)} image.`));
    await delay(deps.config, [2000, 4000], 2);
    if (verdict === "output") return blocked("output");

    const intermediateUrl = await deps.files.issue(intermediate, "png");
    const final = params.footnote ? await stampFootnote(intermediate, size, params.footnote) : intermediate;
    const finalUrl = await deps.files.issue(final, "png");
    const history = assembleHistory({
      toolCallId,
      reasoning,
      toolArguments: { prompt: instruction, size: formatSize(size), seed },
      intermediateUrl,
      closingText: editBase ? `I edited the image: ${instruction}` : `Here is the image: ${instruction}`,
    });
    const totalTokens = Math.ceil(inputTokens + imageTokens(size.width, size.height));
    return imageFrame(envelope, { url: finalUrl, ...size, toolCallId }, totalTokens, history);
  };

  const headers = {
    [TRIMMED_HEADER]: String(trimmed),
    [INPUT_SIZES_HEADER]: loaded.map((image) => formatSize(image.probe)).join(","),
  };
  if (deps.config.v35WireFormat === "json") return jsonAnswer(c, headers, produce);
  return sseAnswer(
    headers,
    produce,
    (error) =>
      errorFrame(envelope, { type: "server_error", code: "internal_error", message: (error as Error).message }, 0),
    scope.keepSlot(),
  );
}
