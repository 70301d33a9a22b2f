import { describe, expect, it } from "vitest";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { groupVariationSets, readySummary, sharedBySet } from "./variation-sets";

const generation = (id: string, variationSetId: string | null, second: number) => ({ id, variationSetId, createdAt: `2026-11-26T10:00:${String(second).padStart(2, "0")}.000Z` }) as GenerationDto;

describe("groupVariationSets", () => {
  it("gathers a set where its newest member stands, oldest first inside it, and leaves single images alone", () => {
    const items = [generation("single-new", null, 9), generation("b3", "b", 8), generation("b2", "b", 7), generation("single-old", null, 6), generation("b1", "b", 5)];
    const groups = groupVariationSets(items);
    expect(groups.map((group) => [group.key, group.generations.map((item) => item.id)])).toEqual([
      ["single-new", ["single-new"]],
      ["b", ["b1", "b2", "b3"]],
      ["single-old", ["single-old"]],
    ]);
  });
});

describe("sharedBySet", () => {
  const revised = (revisedPrompt: string | null) => ({ revisedPrompt }) as GenerationDto;

  it("shows once the revised prompt every image that has one shares, an image still running among them", () => {
    expect(sharedBySet([revised("a lighthouse, warm light"), revised(null), revised("a lighthouse, warm light")])).toEqual({ revisedPrompt: "a lighthouse, warm light" });
  });

  it("leaves the revised prompts to the cells when they differ, or when none has come back", () => {
    expect(sharedBySet([revised("a lighthouse"), revised("a lighthouse at dusk")])).toEqual({ revisedPrompt: null });
    expect(sharedBySet([revised(null), revised(null)])).toEqual({ revisedPrompt: null });
  });
});

describe("readySummary", () => {
  it("counts the ready images and names the ones that did not finish", () => {
    expect(readySummary(2, 0, 3)).toBe("2 of 3 ready");
    expect(readySummary(2, 1, 3)).toBe("2 of 3 ready · 1 did not finish");
  });
});
