// Each model's own settings on the compare form: the size the model offers, and alpha v3's prompt
// rewriting. Everything else takes the model's default; its own page offers the rest.
import { defaultBetaTier } from "@/lib/images/beta-capabilities";
import type { ComparisonModel } from "@/lib/comparisons/comparison-schemas";
import { ALPHA_V35_PIXEL_TIERS } from "@/lib/upstream/alpha/limits";
import { BETA_TIERS, type BetaModel } from "@/lib/upstream/beta/limits";

export type MemberChoice = { size: string; revise: boolean };

const BETA_MODEL_OF: Record<"beta-pro" | "beta-lite", BetaModel> = { "beta-pro": "beta-image-v5.0-pro", "beta-lite": "beta-image-v5.0-lite" };

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
  return { size: SIZE_OPTIONS[model][0], revise: true };
}

/** The member's `settings` as its model's own form takes them. */
export function settingsOf(model: ComparisonModel, choice: MemberChoice): Record<string, unknown> {
  if (model === "alpha-v3") return { size: choice.size, revise: choice.revise };
  if (model === "alpha-v3.5") return { size: choice.size };
  return { size: { method: "tier", tier: choice.size } };
}
