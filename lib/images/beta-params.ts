// Form values (lib/images/beta-schemas) → the request body of the beta endpoint (spec 4.3). Pure.
// Only fields the chosen model supports are sent, and the size goes by one method only.
import { supportsFeature } from "@/lib/images/beta-capabilities";
import type { BetaFormValues } from "@/lib/images/beta-schemas";
import type { BetaGenerationRequest } from "@/lib/upstream/beta/wire";

/** `images`: the form's reference images as http(s) or `data:image/<lowercase format>;base64,` URLs, in form order. */
export function betaParamsFromForm(values: BetaFormValues, images: string[]): BetaGenerationRequest {
  const can = (feature: Parameters<typeof supportsFeature>[1]) => supportsFeature(values.model, feature);
  const layers = can("layerDecomposition") && values.layerDecomposition;
  const size = values.size.method === "tier" ? values.size.tier : `${values.size.width}x${values.size.height}`;
  return {
    model: values.model,
    prompt: values.prompt,
    ...(images.length > 0 && { images: [...images] }),
    ...(layers && { layer_decomposition: true }),
    size,
    ...(can("optimizePrompt") && values.optimizePrompt && { optimize_prompt_options: { mode: values.optimizePrompt } }),
    output_format: values.outputFormat,
    ...(can("background") && values.background && { background: values.background }),
    response_format: values.responseFormat,
    // spec 4.3 does not show the default of sequential_image_generation: a single image is asked for explicitly.
    ...(can("group") &&
      (values.group
        ? { sequential_image_generation: "auto" as const, sequential_image_generation_options: { max_images: values.group.maxImages } }
        : { sequential_image_generation: "disabled" as const })),
    ...(can("webSearch") && values.webSearch && { tools: { type: "web_search" as const } }),
    // spec 4.3 does not show the default of watermark either (the emulator marks by default): always sent.
    watermark: values.watermark,
  };
}
