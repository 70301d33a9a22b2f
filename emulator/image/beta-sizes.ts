import { betaError } from "./errors";
import type { BetaModel } from "./beta-models";
import { parseSize, sizeForArea, type Size } from "./sizes";

export type BetaSizeChoice = { kind: "tier"; tier: string } | { kind: "pixels"; size: Size };

interface SizeRules {
  tiers: readonly string[];
  defaultChoice: BetaSizeChoice;
  pixels?: { minArea: number; maxArea: number };
}

const TIER_SIDE: Record<string, number> = { "1K": 1024, "1.5K": 1536, "2K": 2048, "3K": 3072, "4K": 4096 };
const MIN_RATIO = 1 / 16;
const MAX_RATIO = 16;
const MAX_SIDE = 16_384;

/** Spec 4.3 size rules table: pro generation, pro layer decomposition, lite. */
function rulesFor(model: BetaModel, layers: boolean): SizeRules {
  if (model === "beta-image-v5.0-lite") {
    return {
      tiers: ["2K", "3K", "4K"],
      defaultChoice: { kind: "pixels", size: { width: 2048, height: 2048 } },
      pixels: { minArea: 3_686_400, maxArea: 16_777_216 },
    };
  }
  if (layers) return { tiers: ["1K", "1.5K", "2K", "auto"], defaultChoice: { kind: "tier", tier: "auto" } };
  return {
    tiers: ["1K", "1.5K", "2K"],
    defaultChoice: { kind: "tier", tier: "2K" },
    pixels: { minArea: 921_600, maxArea: 4_624_220 },
  };
}

/** Validates `size` against the model's two methods (which cannot be combined). */
export function parseBetaSize(raw: unknown, model: BetaModel, layers: boolean): BetaSizeChoice {
  const rules = rulesFor(model, layers);
  if (raw === undefined) return rules.defaultChoice;
  if (typeof raw !== "string" || raw.trim() === "") throw betaError("FieldInvalid", "size must be a string", "size");
  const text = raw.trim();
  const mentionsTier = /\d(\.\d)?k\b|\bauto\b/i.test(text);
  const mentionsPixels = /\d+\s*[x×*]\s*\d+/.test(text);
  if (mentionsTier && mentionsPixels) {
    throw betaError("FieldInvalid", "size takes a resolution tier or width x height, not both", "size");
  }

  const tier = rules.tiers.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
  if (tier) return { kind: "tier", tier };
  if (mentionsTier) {
    throw betaError("FieldInvalid", `size tier must be one of ${rules.tiers.join(", ")} for ${model}`, "size");
  }

  const size = parseSize(text);
  if (!size) throw betaError("FieldInvalid", "size must be a resolution tier or ${width}x${height}", "size");
  if (!rules.pixels) throw betaError("FieldInvalid", "layer decomposition accepts only a resolution tier", "size");
  const area = size.width * size.height;
  const ratio = size.width / size.height;
  if (area < rules.pixels.minArea || area > rules.pixels.maxArea) {
    throw betaError(
      "PageSizeOutOfRange",
      `total pixels must be within [${rules.pixels.minArea}, ${rules.pixels.maxArea}]`,
      "size",
    );
  }
  if (ratio < MIN_RATIO || ratio > MAX_RATIO) {
    throw betaError("PageSizeOutOfRange", "aspect ratio must be within [1/16, 16]", "size");
  }
  return { kind: "pixels", size };
}

/** Pixel size of a choice: a tier takes the given ratio (from the prompt or the input image). */
export function resolveBetaSize(choice: BetaSizeChoice, ratio: number, model: BetaModel, autoArea?: number): Size {
  if (choice.kind === "pixels") return choice.size;
  const maxArea = model === "beta-image-v5.0-lite" ? 16_777_216 : 4_624_220;
  const area = choice.tier === "auto" ? (autoArea ?? 2048 * 2048) : TIER_SIDE[choice.tier] ** 2;
  const clampedRatio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
  return sizeForArea(clampedRatio, Math.min(area, maxArea), { minSide: 64, maxSide: MAX_SIDE, maxArea });
}

/** Spec 4.3 "auto" for layers: follow the input, kept within the pro range (1K² to 2K²). */
export const autoLayerArea = (input: Size) =>
  Math.min(2048 * 2048, Math.max(1024 * 1024, input.width * input.height));
