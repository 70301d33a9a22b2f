// The models a comparison can set side by side, their labels and how many: zod-free, so the /compare
// page shows them without loading zod; lib/comparisons/comparison-schemas checks requests against them.
import type { BetaModel } from "@/lib/upstream/beta/limits";

export const COMPARISON_MODELS = ["alpha-v3", "alpha-v3.5", "beta-pro", "beta-lite"] as const;
export type ComparisonModel = (typeof COMPARISON_MODELS)[number];

export const COMPARISON_MODEL_LABELS: Record<ComparisonModel, string> = {
  "alpha-v3": "Alpha v3",
  "alpha-v3.5": "Alpha v3.5 (first turn)",
  "beta-pro": "Beta Pro",
  "beta-lite": "Beta Lite",
};

export const COMPARISON_MEMBERS = { min: 2, max: 4 } as const;

/** The upstream beta model behind each beta member. */
export const BETA_MODEL_OF: Record<"beta-pro" | "beta-lite", BetaModel> = { "beta-pro": "beta-image-v5.0-pro", "beta-lite": "beta-image-v5.0-lite" };
