import type { Context } from "hono";
import { delay } from "../core/latency";
import { groupSize } from "./beta-group";
import { loadBetaImage, type BetaInputImage } from "./beta-images";
import { decomposeLayers, layerCountFromPrompt, type LayerBox } from "./beta-layers";
import { validateBetaRequest, type BetaRequest } from "./beta-request";
import { autoLayerArea, resolveBetaSize } from "./beta-sizes";
import { renderEdit } from "./edit";
import type { ImageDeps, RequestScope } from "./endpoint";
import { betaError } from "./errors";
import type { ImageFormat } from "./files";
import { isDrawable } from "./image-probe";
import { moderate } from "./moderation";
import { renderImage } from "./render";
import { formatSize, statedShape, type Size } from "./sizes";
import { estimateTokens, imageTokens } from "./text";

export const BETA_PATH = "/v1/wand/beta-image/generation";
const WATERMARK_TEXT = "AI generated";
// Beta takes no seed: one prompt always draws the same picture.
const BETA_SEED = "beta";

interface Output {
  bytes: Buffer;
  size: Size;
  format: ImageFormat;
  /** Extra fields of a layer-decomposition item (our choice of layout). */
  fields?: { role: "base" } | { role: "layer"; layer_index: number; bbox: LayerBox };
}

async function generate(request: BetaRequest, inputs: BetaInputImage[]): Promise<Output[]> {
  const drawable = inputs.filter((input) => isDrawable(input.probe.format));
  const ratio = statedShape(request.prompt)?.ratio ?? (inputs[0] ? inputs[0].probe.width / inputs[0].probe.height : 1);
  const cornerMark = request.watermark ? WATERMARK_TEXT : undefined;

  if (request.layerDecomposition) {
    const source = drawable[0]?.bytes ?? (await renderImage({ width: 1024, height: 1024, prompt: request.prompt, seed: BETA_SEED, format: "png" }));
    const baseSize = resolveBetaSize(request.size, ratio, request.model, autoLayerArea(inputs[0].probe));
    const decomposition = await decomposeLayers({
      source,
      baseSize,
      layerArea: baseSize.width * baseSize.height,
      count: layerCountFromPrompt(request.prompt),
      seedText: request.prompt,
      baseFormat: request.outputFormat,
    });
    return [
      { bytes: decomposition.base, size: baseSize, format: request.outputFormat, fields: { role: "base" } },
      ...decomposition.layers.map((layer, index) => ({
        bytes: layer.png,
        size: layer.size,
        format: "png" as const,
        fields: { role: "layer" as const, layer_index: index + 1, bbox: layer.bbox },
      })),
    ];
  }

  const size = resolveBetaSize(request.size, ratio, request.model);
  const count = request.sequential ? groupSize(request.prompt, request.maxImages) : 1;
  const transparent = request.background === "transparent";
  // Our choice: with input images the first drawable one is edited and the others appear as thumbnails.
  const [editBase, ...references] = transparent ? [] : drawable;
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const variant = count > 1 ? `${index + 1}/${count}` : undefined;
      const caption = variant ? `[${variant}] ${request.prompt}` : request.prompt;
      const bytes = editBase
        ? await renderEdit({ base: editBase.bytes, ...size, instruction: caption, format: request.outputFormat, cornerMark, references: references.map((r) => r.bytes) })
        : await renderImage({
            ...size,
            prompt: request.prompt,
            caption,
            seed: BETA_SEED,
            variant,
            format: request.outputFormat,
            cornerMark,
            references: drawable.map((input) => input.bytes),
            transparentBackground: transparent,
          });
      return { bytes, size, format: request.outputFormat };
    }),
  );
}

async function toDataItem(output: Output, request: BetaRequest, deps: ImageDeps) {
  const delivery =
    request.responseFormat === "b64_json"
      ? { b64_json: output.bytes.toString("base64") }
      : { url: await deps.files.issue(output.bytes, output.format) };
  return { ...output.fields, ...delivery, size: formatSize(output.size), output_format: output.format };
}

/** POST /v1/wand/beta-image/generation (spec 4.3); answers with spec 2.4. */
export async function beta(c: Context, { body, deps, requestId, apiKey }: RequestScope): Promise<Response> {
  const request = validateBetaRequest(body);
  deps.betaAccount.admit(apiKey, request.model);
  if (moderate([request.prompt], deps.config) === "input") {
    throw betaError("TaskPromptPolicyViolation", "prompt blocked by content-safety review", "prompt");
  }
  // Our choice: a blocklisted word in an image URL stands for an input image failing review.
  if (moderate(request.images.filter((ref) => !ref.startsWith("data:")), deps.config) === "input") {
    throw betaError("AuditSubmitIllegal", "input image failed content-safety review", "images");
  }
  const inputs = await Promise.all(request.images.map((ref, index) => loadBetaImage(ref, deps.files, `images[${index}]`)));

  const [outputs] = await Promise.all([
    generate(request, inputs),
    request.layerDecomposition ? delay(deps.config, [8000, 15_000], 5) : delay(deps.config, [4000, 9000], 5),
  ]);
  if (moderate([request.prompt], deps.config) === "output") {
    throw betaError("CreationPolicyViolation", "generated content blocked by risk control");
  }

  const data = await Promise.all(outputs.map((output) => toDataItem(output, request, deps)));
  deps.betaAccount.charge(outputs.length);
  const created = deps.clock.nowSeconds();
  const tokens = estimateTokens(request.prompt) + outputs.reduce((sum, o) => sum + imageTokens(o.size.width, o.size.height), 0);
  return c.json({
    model: request.model,
    // Spec 2.4 names both `created` (integer, in the example) and `created_at` (string): we send both.
    created,
    created_at: new Date(created * 1000).toISOString(),
    data,
    request_id: requestId,
    gateway_usage: { total_tokens: tokens },
  });
}
