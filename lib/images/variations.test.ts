import { describe, expect, it } from "vitest";
import { ALPHA_V3_SEED_RANGE } from "@/lib/upstream/alpha/limits";
import { alphaV3VariationSeeds, MAX_VARIATIONS, variationsSchema } from "./variations";

describe("variations", () => {
  it("takes 1 to MAX_VARIATIONS, 1 when absent", () => {
    expect(variationsSchema.parse(undefined)).toBe(1);
    expect(variationsSchema.parse(MAX_VARIATIONS)).toBe(MAX_VARIATIONS);
    for (const refused of [0, MAX_VARIATIONS + 1, 2.5, "2"]) {
      expect(variationsSchema.safeParse(refused).error?.issues[0].message).toBe(`Variations must be a whole number from 1 to ${MAX_VARIATIONS}`);
    }
  });

  it("gives alpha v3 seeds that follow the first and wrap within spec 4.1's range", () => {
    expect(alphaV3VariationSeeds(42, 3)).toEqual([42, 43, 44]);
    expect(alphaV3VariationSeeds(ALPHA_V3_SEED_RANGE.max - 1, 3)).toEqual([ALPHA_V3_SEED_RANGE.max - 1, ALPHA_V3_SEED_RANGE.max, ALPHA_V3_SEED_RANGE.min]);
  });
});
