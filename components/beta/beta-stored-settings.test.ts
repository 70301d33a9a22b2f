import { describe, expect, it } from "vitest";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { betaFormSchema } from "@/lib/images/beta-schemas";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { initialBetaForm, toBetaRequestBody, type BetaFormState } from "./beta-form-state";
import { readStoredSettings } from "@/lib/images/stored-settings";
import { fromGeneration as betaFormStateFromGeneration, referenceIdsOf } from "./beta-stored-settings";
import { resultKindOf, shownAdjustments as adjustmentsOf } from "./shown-settings";

const reference: ReferenceImage = {
  id: "00000000-0000-4000-8000-000000000001",
  mime: "image/heic",
  bytes: 2_000_000,
  url: "/api/assets/1",
  thumbnailUrl: null,
  width: 4032,
  height: 3024,
};

/** A generation stored the way the server stores it: the parsed form values plus `adjustments`. */
function storedGeneration(state: BetaFormState, extra: Record<string, unknown> = { adjustments: ["photo.heic converted to JPEG"] }): GenerationDto {
  const values = betaFormSchema.parse(toBetaRequestBody(state));
  return {
    id: "g1",
    kind: "beta",
    model: state.model,
    prompt: values.prompt,
    params: { ...values, ...extra },
    settings: readStoredSettings("beta", { ...values, ...extra }),
    status: "succeeded",
    requestId: "req-1",
    tokens: 100,
    revisedPrompt: null,
    errorCode: null,
    errorMessage: null,
    durationMs: 1000,
    variationSetId: null,
    createdAt: "2026-11-23T10:00:00.000Z",
    completedAt: "2026-11-23T10:00:01.000Z",
    images: [],
  } as GenerationDto;
}

describe("reuse settings", () => {
  it("refills the whole Lite form, model and references included", () => {
    const lite: BetaFormState = {
      ...initialBetaForm,
      model: "beta-image-v5.0-lite",
      prompt: "Four panels of a fox in the snow",
      references: [reference],
      sizeMethod: "pixels",
      width: "2560",
      height: "1440",
      group: true,
      maxImages: "4",
      webSearch: true,
      outputFormat: "jpeg",
      responseFormat: "b64_json",
      watermark: true,
    };
    const generation = storedGeneration(lite);
    expect(referenceIdsOf(generation)).toEqual([reference.id]);
    expect(betaFormStateFromGeneration(generation, [reference])).toEqual(lite);
  });

  it("refills a Pro layer decomposition with its tier", () => {
    const pro: BetaFormState = { ...initialBetaForm, prompt: "Split it", references: [reference], layerDecomposition: true, tier: "auto", background: "transparent", optimizePrompt: "fast" };
    expect(betaFormStateFromGeneration(storedGeneration(pro), [reference])).toEqual(pro);
  });

  it("falls back to the model and prompt when the stored params no longer read as the form", () => {
    const generation = { ...storedGeneration({ ...initialBetaForm, prompt: "Old" }), model: "beta-image-v5.0-lite", params: { size: "2K" } } as GenerationDto;
    expect(betaFormStateFromGeneration(generation, [])).toEqual({ ...initialBetaForm, model: "beta-image-v5.0-lite", prompt: "Old" });
    expect(referenceIdsOf(generation)).toEqual([]);
  });
});

describe("adjustmentsOf", () => {
  it("reads what the studio did to the references, and nothing from params without it", () => {
    const state = { ...initialBetaForm, prompt: "A fox" };
    expect(adjustmentsOf(storedGeneration(state))).toEqual(["photo.heic converted to JPEG"]);
    expect(adjustmentsOf(storedGeneration(state, {}))).toEqual([]);
    expect(adjustmentsOf(storedGeneration(state, { adjustments: "not a list" }))).toEqual([]);
  });
});

describe("resultKindOf", () => {
  const image = (role: AssetDto["role"]) => ({ role }) as AssetDto;

  it("tells a single image, a group and a layer decomposition apart", () => {
    expect(resultKindOf({ images: [image(null)] })).toBe("single");
    expect(resultKindOf({ images: [image(null), image(null), image(null)] })).toBe("group");
    expect(resultKindOf({ images: [image("base"), image("layer"), image("layer")] })).toBe("layers");
  });
});
