// The beta capability matrix for the studio: which control each model offers, its size tiers and
// pixel ranges, its reference-image limit. Browser-safe. The spec facts live once in
// lib/upstream/beta/limits.ts (the wire layer refuses a request that breaks them before sending);
// this module is the face the form, the page and the server's feature code use.
import {
  BETA_DEFAULT_TIER,
  BETA_LAYER_DEFAULT_TIER,
  BETA_LAYER_TIERS,
  BETA_MODEL_LABELS,
  BETA_TIERS,
  type BetaFeature,
  type BetaLayerTier,
  type BetaModel,
  type BetaTier,
} from "@/lib/upstream/beta/limits";

// Every spec fact, re-exported whole so that callers import the matrix from this one place.
export * from "@/lib/upstream/beta/limits";

/** How each feature is called in the form, for controls and for refusals that name it. */
export const BETA_FEATURE_LABELS: Record<BetaFeature, string> = {
  layerDecomposition: "layer decomposition",
  background: "a background choice",
  optimizePrompt: "prompt optimisation",
  group: "group images",
  webSearch: "web search",
};

/** The tier a size starts at: `auto` (follow the input) for layer decomposition, else the model's default (spec 4.3). */
export function defaultBetaTier(model: BetaModel, layerDecomposition: boolean): BetaTier | BetaLayerTier {
  return layerDecomposition ? BETA_LAYER_DEFAULT_TIER : BETA_DEFAULT_TIER[model];
}

/** The tiers the size control offers: layer decomposition has its own list, `auto` included. */
export function betaTierChoices(model: BetaModel, layerDecomposition: boolean): readonly (BetaTier | BetaLayerTier)[] {
  return layerDecomposition ? BETA_LAYER_TIERS : BETA_TIERS[model];
}

/** "Lite does not offer layer decomposition". */
export function unsupportedFeatureMessage(model: BetaModel, feature: BetaFeature): string {
  return `${BETA_MODEL_LABELS[model]} does not offer ${BETA_FEATURE_LABELS[feature]}`;
}
