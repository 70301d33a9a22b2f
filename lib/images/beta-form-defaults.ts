// The beta form's starting values: zod-free, so the page shows its form without loading zod
// (lib/images/beta-schemas checks what is sent).
import { defaultBetaTier, type BetaModel } from "@/lib/images/beta-capabilities";
import type { BetaFormValues } from "@/lib/images/beta-schemas";

/** What the page starts from for `model`: its default tier, every optional control off, no prompt yet. */
export function defaultBetaFormValues(model: BetaModel): BetaFormValues {
  return {
    model,
    prompt: "",
    size: { method: "tier", tier: defaultBetaTier(model, false) },
    layerDecomposition: false,
    background: undefined,
    optimizePrompt: undefined,
    group: null,
    webSearch: false,
    outputFormat: "png",
    responseFormat: "url",
    watermark: false,
    images: [],
    variations: 1,
  };
}
