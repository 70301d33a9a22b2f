import { describe, expect, it } from "vitest";
import type { ReferenceImage } from "@/components/images/reference-image";
import {
  betaFieldOf,
  initialBetaForm,
  toBetaRequestBody,
  withLayerDecomposition,
  withModel,
  type BetaFormState,
} from "./beta-form-state";
import { validate as validateBetaForm } from "./beta-stored-settings";

const PRO = "beta-image-v5.0-pro";
const LITE = "beta-image-v5.0-lite";

const reference = (n: number, mime = "image/png"): ReferenceImage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  mime,
  bytes: 1000,
  url: `/api/assets/${n}`,
  thumbnailUrl: null,
  width: 512,
  height: 512,
});

const form = (patch: Partial<BetaFormState> = {}): BetaFormState => ({ ...initialBetaForm, prompt: "A lighthouse at dusk", ...patch });

describe("the initial form", () => {
  it("starts on Pro with its default tier 2K (spec 4.3) and nothing model-bound switched on", () => {
    expect(initialBetaForm).toMatchObject({ model: PRO, sizeMethod: "tier", tier: "2K", layerDecomposition: false, group: false, webSearch: false, outputFormat: "png", responseFormat: "url" });
  });

  it("is refused only for its empty prompt", () => {
    expect(Object.keys(validateBetaForm(initialBetaForm))).toEqual(["prompt"]);
    expect(validateBetaForm(form())).toEqual({});
  });
});

describe("switching model", () => {
  it("keeps a tier both models offer and replaces one the new model lacks with its default (spec 4.3 tiers)", () => {
    expect(withModel(form({ tier: "2K" }), LITE).tier).toBe("2K");
    expect(withModel(form({ tier: "1.5K" }), LITE).tier).toBe("2K");
    expect(withModel(form({ model: LITE, tier: "4K" }), PRO).tier).toBe("2K");
  });

  it("leaves Pro's layer decomposition and its auto tier behind on Lite, and brings them back on Pro", () => {
    const layered = withLayerDecomposition(form({ references: [reference(1)] }), true);
    const lite = withModel(layered, LITE);
    expect(lite.tier).toBe("2K");
    expect(toBetaRequestBody(lite)).toMatchObject({ layerDecomposition: false, size: { method: "tier", tier: "2K" } });
    expect(toBetaRequestBody(withModel(lite, PRO))).toMatchObject({ layerDecomposition: true, size: { method: "tier", tier: "2K" } });
  });

  it("keeps width × height but checks it against the new model's pixel range", () => {
    const pixels = form({ sizeMethod: "pixels", width: "1280", height: "720" });
    expect(validateBetaForm(pixels)).toEqual({});
    const lite = withModel(pixels, LITE);
    expect(lite).toMatchObject({ sizeMethod: "pixels", width: "1280", height: "720" });
    expect(validateBetaForm(lite).size?.[0]).toMatch(/3,686,400 and 16,777,216 for Lite/);
  });
});

describe("layer decomposition", () => {
  it("turns the size into a tier, auto by default (spec 4.3), and back to the model's default when turned off", () => {
    const on = withLayerDecomposition(form({ sizeMethod: "pixels", tier: "1K" }), true);
    expect(on).toMatchObject({ layerDecomposition: true, sizeMethod: "tier", tier: "auto" });
    expect(withLayerDecomposition(on, false)).toMatchObject({ layerDecomposition: false, tier: "2K" });
    expect(withLayerDecomposition({ ...on, tier: "1.5K" }, false).tier).toBe("1.5K");
  });

  it("needs the one image to split, named on the images field", () => {
    const on = withLayerDecomposition(form(), true);
    expect(validateBetaForm(on).images?.[0]).toMatch(/needs the image to split/);
    expect(validateBetaForm({ ...on, references: [reference(1)] })).toEqual({});
  });
});

describe("the request body", () => {
  it("sends only what the chosen model offers (spec 4.3: Pro only / Lite only)", () => {
    const everything = form({ background: "transparent", optimizePrompt: "fast", group: true, maxImages: "4", webSearch: true });
    expect(toBetaRequestBody(everything)).toMatchObject({ background: "transparent", optimizePrompt: "fast", group: null, webSearch: false });
    expect(toBetaRequestBody({ ...everything, model: LITE, tier: "3K" })).toMatchObject({
      background: undefined,
      optimizePrompt: undefined,
      group: { maxImages: 4 },
      webSearch: true,
      layerDecomposition: false,
    });
  });

  it("leaves a model-default choice out", () => {
    expect(toBetaRequestBody(form())).toMatchObject({ background: undefined, optimizePrompt: undefined });
  });

  it("sends width × height as numbers, never with a tier (the two methods cannot be combined)", () => {
    expect(toBetaRequestBody(form({ sizeMethod: "pixels", width: "1600", height: "900" })).size).toEqual({ method: "pixels", width: 1600, height: 900 });
    expect(toBetaRequestBody(form({ tier: "1K" })).size).toEqual({ method: "tier", tier: "1K" });
  });

  it("sends references as asset id, type and size", () => {
    expect(toBetaRequestBody(form({ references: [reference(7, "image/heic")] })).images).toEqual([{ assetId: reference(7).id, mime: "image/heic", bytes: 1000 }]);
  });
});

describe("live validation names the field and the rule", () => {
  it("refuses pixel sizes outside Pro's range at its bounds (spec 4.3: 921,600 to 4,624,220)", () => {
    const pixels = (width: string, height: string) => validateBetaForm(form({ sizeMethod: "pixels", width, height }));
    expect(pixels("1280", "720")).toEqual({});
    expect(pixels("1280", "719").size?.[0]).toMatch(/921,600 and 4,624,220 for Pro/);
    expect(pixels("2150", "2150")).toEqual({});
    expect(pixels("2151", "2150").size?.[0]).toMatch(/4,624,220/);
  });

  it("refuses an empty side as not a number, on the size field", () => {
    expect(validateBetaForm(form({ sizeMethod: "pixels", width: "", height: "900" })).size?.[0]).toMatch(/Width must be a number/);
  });

  it("refuses a group size outside 1 to 15 on the group field (spec 4.3 max_images)", () => {
    const lite = form({ model: LITE, group: true });
    expect(validateBetaForm({ ...lite, maxImages: "15" })).toEqual({});
    expect(validateBetaForm({ ...lite, maxImages: "16" }).group?.[0]).toMatch(/between 1 and 15/);
    expect(validateBetaForm({ ...lite, maxImages: "0" }).group?.[0]).toMatch(/between 1 and 15/);
  });

  it("refuses more references than the model takes (spec 4.3: 10 Pro, 14 Lite)", () => {
    const eleven = Array.from({ length: 11 }, (_, n) => reference(n + 1));
    expect(validateBetaForm(form({ references: eleven })).images?.[0]).toMatch(/at most 10/);
    expect(validateBetaForm(form({ model: LITE, references: eleven }))).toEqual({});
  });

  it("refuses a transparent background with JPEG output on the background field", () => {
    expect(validateBetaForm(form({ background: "transparent", outputFormat: "jpeg" })).background?.[0]).toMatch(/PNG/);
  });

  it("refuses an empty prompt and a size too small each on its own field", () => {
    const errors = validateBetaForm(form({ prompt: "", sizeMethod: "pixels", width: "10", height: "10" }));
    expect(Object.keys(errors).sort()).toEqual(["prompt", "size"]);
  });
});

describe("betaFieldOf", () => {
  it("maps the schema's and the studio's paths to the form's fields", () => {
    expect(betaFieldOf("size.width")).toBe("size");
    expect(betaFieldOf("group.maxImages")).toBe("group");
    expect(betaFieldOf("images.2.mime")).toBe("images");
    expect(betaFieldOf("images[1]")).toBe("images");
  });

  it("maps the image service's wire names (spec 4.3) to the same fields", () => {
    expect(betaFieldOf("layer_decomposition")).toBe("layerDecomposition");
    expect(betaFieldOf("sequential_image_generation_options.max_images")).toBe("group");
    expect(betaFieldOf("optimize_prompt_options.mode")).toBe("optimizePrompt");
    expect(betaFieldOf("tools")).toBe("webSearch");
    expect(betaFieldOf("output_format")).toBe("outputFormat");
    expect(betaFieldOf("nonsense")).toBeUndefined();
  });
});
