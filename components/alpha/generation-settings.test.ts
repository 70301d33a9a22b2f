import { describe, expect, it } from "vitest";
import { fromGeneration } from "./generation-settings";

const stored = (params: Record<string, unknown>) => ({ prompt: "A lighthouse", model: "alpha-v3", params: { size: "auto", footnote: null, revise: true, referenceAssetIds: [], ...params } });

describe("fromGeneration", () => {
  it("reuses the seed the image was made with, even one the studio drew for a random request", () => {
    expect(fromGeneration(stored({ seed: 1234, seedWasRandom: true }), [])).toMatchObject({ seedMode: "fixed", seed: "1234" });
    expect(fromGeneration(stored({ seed: 99, seedWasRandom: false }), [])).toMatchObject({ seedMode: "fixed", seed: "99" });
  });

  it("stays random when no seed was recorded", () => {
    expect(fromGeneration(stored({ seed: null }), [])).toMatchObject({ seedMode: "random", seed: "" });
  });
});
