export type BetaModel = "beta-image-v5.0-pro" | "beta-image-v5.0-lite";

export interface BetaCapabilities {
  maxReferenceImages: number;
  layerDecomposition: boolean;
  background: boolean;
  optimizePromptMode: boolean;
  sequentialImages: boolean;
  webSearch: boolean;
}

/** Spec 4.3 / 9: what each beta model supports. */
export const BETA_MODELS: Record<BetaModel, BetaCapabilities> = {
  "beta-image-v5.0-pro": {
    maxReferenceImages: 10,
    layerDecomposition: true,
    background: true,
    optimizePromptMode: true,
    sequentialImages: false,
    webSearch: false,
  },
  "beta-image-v5.0-lite": {
    maxReferenceImages: 14,
    layerDecomposition: false,
    background: false,
    optimizePromptMode: false,
    sequentialImages: true,
    webSearch: true,
  },
};

export const isBetaModel = (model: unknown): model is BetaModel =>
  typeof model === "string" && Object.hasOwn(BETA_MODELS, model);
