// Each model's own settings on the compare form, the ones its own page offers for a single image
// (spec 4.1-4.3): size for all; seed and footnote on the alpha models, prompt rewriting on alpha v3;
// output format and watermark on beta, background and prompt optimisation on Pro, web search on Lite.
// The server checks them with the model's own form schema (comparison-schemas.ts).
import type { BetaFormState } from "@/components/beta/beta-form-state";
import { defaultBetaTier, supportsFeature } from "@/lib/images/beta-capabilities";
import { BETA_MODEL_OF, type ComparisonModel } from "@/lib/comparisons/comparison-models";
import { ALPHA_V35_PIXEL_TIERS } from "@/lib/upstream/alpha/limits";
import { BETA_TIERS } from "@/lib/upstream/beta/limits";

export type MemberChoice = {
  size: string;
  revise: boolean;
  /** As typed; empty means random. */
  seed: string;
  footnote: string;
} & Pick<BetaFormState, "background" | "optimizePrompt" | "webSearch" | "outputFormat" | "watermark">;

/** The sizes offered per model, the first being its default. */
export const SIZE_OPTIONS: Record<ComparisonModel, readonly string[]> = {
  "alpha-v3": ["auto", "1024x1024", "1280x720", "720x1280", "1024x768", "768x1024"],
  "alpha-v3.5": ["auto", ...Object.keys(ALPHA_V35_PIXEL_TIERS)],
  "beta-pro": orderedTiers("beta-pro"),
  "beta-lite": orderedTiers("beta-lite"),
};

function orderedTiers(model: "beta-pro" | "beta-lite"): string[] {
  const fallback = defaultBetaTier(BETA_MODEL_OF[model], false);
  return [fallback, ...BETA_TIERS[BETA_MODEL_OF[model]].filter((tier) => tier !== fallback)];
}

export function defaultChoice(model: ComparisonModel): MemberChoice {
  return { size: SIZE_OPTIONS[model][0], revise: true, seed: "", footnote: "", background: "default", optimizePrompt: "default", webSearch: false, outputFormat: "png", watermark: false };
}

/** The member's `settings` as its model's own form takes them: only what that model offers, a "default" left out. */
export function settingsOf(model: ComparisonModel, choice: MemberChoice): Record<string, unknown> {
  const alpha = { size: choice.size, seed: choice.seed, footnote: choice.footnote };
  if (model === "alpha-v3") return { ...alpha, revise: choice.revise };
  if (model === "alpha-v3.5") return alpha;
  const offers = (feature: "background" | "optimizePrompt" | "webSearch") => supportsFeature(BETA_MODEL_OF[model], feature);
  return {
    size: { method: "tier", tier: choice.size },
    outputFormat: choice.outputFormat,
    watermark: choice.watermark,
    ...(offers("background") && choice.background !== "default" ? { background: choice.background } : {}),
    ...(offers("optimizePrompt") && choice.optimizePrompt !== "default" ? { optimizePrompt: choice.optimizePrompt } : {}),
    ...(offers("webSearch") ? { webSearch: choice.webSearch } : {}),
  };
}
