import { describe, expect, it } from "vitest";
import {
  BETA_MAX_REFERENCE_IMAGES,
  BETA_MODELS,
  BETA_MODEL_LABELS,
  BETA_TIERS,
  betaTierChoices,
  defaultBetaTier,
  supportsFeature,
  unsupportedFeatureMessage,
  type BetaFeature,
  type BetaModel,
} from "./beta-capabilities";

const PRO: BetaModel = "beta-image-v5.0-pro";
const LITE: BetaModel = "beta-image-v5.0-lite";

describe("the beta capability matrix (spec 4.3, 9)", () => {
  it("names the two models Pro and Lite", () => {
    expect(BETA_MODELS).toEqual([PRO, LITE]);
    expect(BETA_MODEL_LABELS).toEqual({ [PRO]: "Pro", [LITE]: "Lite" });
  });

  // Every feature × every model: pro only = layers, background, prompt optimisation; lite only = group, web search.
  it.each<[BetaFeature, boolean, boolean]>([
    ["layerDecomposition", true, false],
    ["background", true, false],
    ["optimizePrompt", true, false],
    ["group", false, true],
    ["webSearch", false, true],
  ])("%s: pro %s, lite %s", (feature, pro, lite) => {
    expect(supportsFeature(PRO, feature)).toBe(pro);
    expect(supportsFeature(LITE, feature)).toBe(lite);
  });

  it("says which model lacks a feature in the form's words", () => {
    expect(unsupportedFeatureMessage(LITE, "layerDecomposition")).toBe("Lite does not offer layer decomposition");
    expect(unsupportedFeatureMessage(PRO, "webSearch")).toBe("Pro does not offer web search");
  });

  it("tiers: pro 1K/1.5K/2K default 2K; lite 2K/3K/4K; layer decomposition adds auto, its default", () => {
    expect(BETA_TIERS[PRO]).toEqual(["1K", "1.5K", "2K"]);
    expect(BETA_TIERS[LITE]).toEqual(["2K", "3K", "4K"]);
    expect(defaultBetaTier(PRO, false)).toBe("2K");
    expect(defaultBetaTier(LITE, false)).toBe("2K");
    expect(defaultBetaTier(PRO, true)).toBe("auto");
    expect(betaTierChoices(PRO, true)).toEqual(["1K", "1.5K", "2K", "auto"]);
    expect(betaTierChoices(LITE, false)).toEqual(["2K", "3K", "4K"]);
  });

  it("reference images: at most 10 for pro, 14 for lite", () => {
    expect(BETA_MAX_REFERENCE_IMAGES).toEqual({ [PRO]: 10, [LITE]: 14 });
  });
});
